import type { EntityManager } from '@mikro-orm/postgresql';
import { isArtistScoped, type DeliveredRelease, type Principal, type ReleaseStatus } from '@sv/contracts';

/** Matches no artist: an artist-scoped caller without an artist sees nothing. */
const NO_ARTIST = '00000000-0000-0000-0000-000000000000';

/**
 * Statuses of a release that stores have: quality control passed it (approved, so delivery sent
 * it) and it may have gone live since. A taken-down release is no longer expected in reports.
 */
export const DELIVERED_STATUSES: readonly ReleaseStatus[] = ['approved', 'live'];

/**
 * The caller's live releases that were delivered to stores, by title, with the barcode their DDEX
 * delivery carried: the release's UPC as stored, which the ERN writes as its ICPN unchanged. An
 * artist-scoped caller sees its own artist's.
 */
export const listDeliveredReleases = async (em: EntityManager, principal: Principal): Promise<DeliveredRelease[]> => {
  const scoped = isArtistScoped(principal);
  const rows = await em.execute<{ release_id: string; title: string; upc: string | null }[]>(
    `select r."id" as "release_id", r."title", nullif(r."upc", '') as "upc"
       from "catalogue"."release" r
      where r."tenant_id" = ? and r."deleted_at" is null and r."status" in (${DELIVERED_STATUSES.map(() => '?').join(', ')})
        ${scoped ? 'and r."artist_id" = ?::uuid' : ''}
      order by r."title", r."id"`,
    [principal.tenant_id, ...DELIVERED_STATUSES, ...(scoped ? [principal.artist_id ?? NO_ARTIST] : [])],
  );
  return rows.map((row) => ({ ...row, delivered_barcode: row.upc }));
};
