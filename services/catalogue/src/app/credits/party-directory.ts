import { UniqueConstraintViolationException, type EntityManager, type EntityName, type FilterQuery } from '@mikro-orm/postgresql';
import type { CursorMeta, OffsetMeta, PaginationQuery } from '@sv/contracts';
import { ValidationError, cursorPage, decodeCursor, offsetMeta, requestedCursor } from '@sv/platform';
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

const decodePartyCursor = (cursor: string): { sortName: string; id: string } => {
  const [sortName, id] = decodeCursor(cursor, 2);
  if (typeof sortName !== 'string' || typeof id !== 'string' || !UUID.test(id)) {
    throw new ValidationError({ cursor: ['The cursor is invalid.'] });
  }
  return { sortName, id };
};

/** A tenant's live rows of `entity` in alphabetical order. */
export const listAlphabetical = async <T extends PartyRow>(
  em: EntityManager,
  entity: EntityName<T>,
  tenantId: string,
  query: PaginationQuery,
): Promise<PartyPage<T>> => {
  const live = { tenantId, deletedAt: null };
  const scope = live as FilterQuery<T>;
  const orderBy = { sortName: 'asc', id: 'asc' } as const;
  const total = await em.count(entity, scope);
  const cursor = requestedCursor(query);
  if (cursor !== undefined) {
    const after = cursor === '' ? undefined : decodePartyCursor(cursor);
    const where = after
      ? ({ ...live, $or: [{ sortName: { $gt: after.sortName } }, { sortName: after.sortName, id: { $gt: after.id } }] } as unknown as FilterQuery<T>)
      : scope;
    const rows = await em.find(entity, where, { orderBy: orderBy as never, limit: query.per_page + 1 });
    const page = cursorPage(rows as T[], query.per_page, (row) => [row.sortName, row.id]);
    return { rows: page.rows, total, meta: page.meta };
  }
  const rows = await em.find(entity, scope, { orderBy: orderBy as never, limit: query.per_page, offset: (query.page - 1) * query.per_page });
  return { rows: rows as T[], total, meta: offsetMeta(total, query) };
};

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
