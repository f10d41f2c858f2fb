import type { EntityManager } from '@mikro-orm/postgresql';
import type { DspListQuery } from '@sv/contracts';
import { Dsp } from '../../db/entities/dsp.entity.ts';
import { DspNotFoundError } from './dsps.errors.ts';

const BY_NAME = { sortName: 'asc', id: 'asc' } as const;

/** The active destinations, alphabetically, optionally of one delivery type. */
export const listActiveDsps = (em: EntityManager, query: DspListQuery): Promise<Dsp[]> =>
  em.find(Dsp, { isActive: true, ...(query.delivery_type ? { deliveryType: query.delivery_type } : {}) }, { orderBy: BY_NAME });

export interface DspReferences {
  /** Slugs as the client sent them (matched case-insensitively). */
  slugs: readonly string[];
  ids: readonly number[];
}

/**
 * The active destinations the references name, each once. The first reference that names no
 * active destination is refused with 404, as given, so nothing is changed on its account.
 */
export const resolveActiveDsps = async (em: EntityManager, references: DspReferences): Promise<Dsp[]> => {
  const slugs = [...new Set(references.slugs.map((slug) => slug.toLowerCase()))];
  const ids = [...new Set(references.ids)];
  const found = await em.find(Dsp, { isActive: true, $or: [{ slug: { $in: slugs } }, { id: { $in: ids } }] });
  const bySlug = new Map(found.map((dsp) => [dsp.slug, dsp]));
  const byId = new Map(found.map((dsp) => [dsp.id, dsp]));
  const unknownSlug = references.slugs.find((slug) => !bySlug.has(slug.toLowerCase()));
  if (unknownSlug !== undefined) throw new DspNotFoundError(unknownSlug);
  const unknownId = references.ids.find((id) => !byId.has(id));
  if (unknownId !== undefined) throw new DspNotFoundError(String(unknownId));
  return found;
};

/**
 * A destination of the registry, active or retired, by slug or numeric id; undefined when the
 * registry never had it. Removal accepts retired ones so a selection can be cleaned of them.
 */
export const findRegisteredDsp = async (em: EntityManager, slugOrId: string): Promise<Dsp | undefined> => {
  const reference = slugOrId.trim();
  const where = /^\d{1,9}$/.test(reference) ? { id: Number(reference) } : { slug: reference.toLowerCase() };
  return (await em.findOne(Dsp, where)) ?? undefined;
};
