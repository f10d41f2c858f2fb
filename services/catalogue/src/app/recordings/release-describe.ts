import type { EntityManager } from '@mikro-orm/postgresql';
import type { DescribedRelease, Principal } from '@sv/contracts';

/**
 * The caller's tenant's live releases among these ids, in one query. An artist-scoped caller is
 * described only its own artist's releases; any other id is simply absent from the answer. The ids
 * travel as one JSON array parameter and drive the join through the primary key.
 */
export const describeReleases = (em: EntityManager, principal: Principal, ids: string[]): Promise<DescribedRelease[]> => {
  if (ids.length === 0) return Promise.resolve([]);
  const artist = principal.artist_id;
  return em.execute<DescribedRelease[]>(
    `select r."id" as "release_id", r."title", r."artist_id", r."upc"
       from jsonb_array_elements_text(?::jsonb) as wanted("id")
       join "catalogue"."release" r on r."id" = wanted."id"::uuid and r."tenant_id" = ? and r."deleted_at" is null
      where (?::uuid is null or r."artist_id" = ?::uuid)`,
    [JSON.stringify([...new Set(ids)]), principal.tenant_id, artist, artist],
  );
};
