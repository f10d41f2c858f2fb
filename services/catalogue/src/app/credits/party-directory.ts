import { UniqueConstraintViolationException, type EntityManager, type EntityName, type FilterQuery } from '@mikro-orm/postgresql';
import type { CursorMeta, OffsetMeta, PaginationQuery } from '@sv/contracts';
import { findPage, type FindPageOptions } from '@sv/platform';
import { DuplicateIpiError } from './credits.errors.ts';

/*
 * What writers, publishers and collaborators share: tenant-owned, soft-deleted rows listed
 * alphabetically (lower-cased name, then uuid) in offset or cursor mode.
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PartyRow {
  id: string;
  tenantId: string;
  name: string;
  sortName: string;
  deletedAt?: Date | null | undefined;
}

export interface PartyPage<T> {
  rows: T[];
  total: number;
  meta: OffsetMeta | CursorMeta;
}

const ALPHABETICAL: FindPageOptions<PartyRow>['order'] = [
  { property: 'sortName', direction: 'asc', type: 'text' },
  { property: 'id', direction: 'asc', type: 'uuid' },
];

/** A tenant's live rows of `entity` in alphabetical order. */
export const listAlphabetical = <T extends PartyRow>(
  em: EntityManager,
  entity: EntityName<T>,
  tenantId: string,
  query: PaginationQuery,
): Promise<PartyPage<T>> =>
  // The keys are PartyRow's; TypeScript cannot see them on a row type still generic.
  findPage(em, entity, { tenantId, deletedAt: null } as FilterQuery<T>, { query, order: ALPHABETICAL as FindPageOptions<T>['order'] });

/** The tenant's live row `id` of `entity`, or the entity's not-found error. */
export const findLiveParty = async <T extends PartyRow>(
  em: EntityManager,
  entity: EntityName<T>,
  tenantId: string,
  id: string,
  notFound: () => Error,
): Promise<T> => {
  if (!UUID.test(id)) throw notFound();
  const row = await em.findOne(entity, { id, tenantId, deletedAt: null } as FilterQuery<T>);
  if (!row) throw notFound();
  return row as T;
};

/** Refuses an IPI already held by another live row of the tenant (409). */
export const assertIpiFree = async <T extends PartyRow>(
  em: EntityManager,
  entity: EntityName<T>,
  tenantId: string,
  ipi: string | null | undefined,
  exceptId?: string,
): Promise<void> => {
  if (!ipi) return;
  const filter = { tenantId, ipi, deletedAt: null, ...(exceptId ? { id: { $ne: exceptId } } : {}) } as FilterQuery<T>;
  if ((await em.count(entity, filter)) > 0) throw new DuplicateIpiError();
};

/** Flushes, turning the live-IPI unique index (a concurrent create) into the same 409. */
export const flushGuardingIpi = async (em: EntityManager): Promise<void> => {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new DuplicateIpiError();
    throw error;
  }
};

/** Copies the API fields present in `input` onto the row, by the given name map. */
export const applyFields = <TInput extends object>(
  row: object,
  input: TInput,
  fields: Partial<Record<keyof TInput, string>>,
): void => {
  for (const [field, property] of Object.entries(fields) as [keyof TInput, string][]) {
    const value = input[field];
    if (value !== undefined) (row as Record<string, unknown>)[property] = value;
  }
  const named = row as PartyRow;
  named.sortName = named.name.toLowerCase();
};
