import type { EntityManager } from '@mikro-orm/postgresql';
import { isArtistScoped, type CatalogueCountsReply, type Principal } from '@sv/contracts';

const NO_ARTIST = '00000000-0000-0000-0000-000000000000';

/**
 * How big the caller's live catalogue is: releases (products) of every type and of the album type,
 * tracks on live releases, and artists. An artist-scoped caller counts its own artist's.
 */
export const countCatalogue = async (em: EntityManager, principal: Principal): Promise<CatalogueCountsReply> => {
  const scoped = isArtistScoped(principal);
  // An artist-scoped caller without an artist counts nothing (the nil UUID matches no row).
  const artist = principal.artist_id ?? NO_ARTIST;
  const [row] = await em.execute<{ products: number; albums: number; tracks: number; artists: number }[]>(
    `select
       (select count(*)::int from "catalogue"."release" r
         where r."tenant_id" = ? and r."deleted_at" is null ${scoped ? 'and r."artist_id" = ?::uuid' : ''}) as "products",
       (select count(*)::int from "catalogue"."release" r
         where r."tenant_id" = ? and r."deleted_at" is null and r."type" = 'album' ${scoped ? 'and r."artist_id" = ?::uuid' : ''}) as "albums",
       (select count(*)::int from "catalogue"."track" t join "catalogue"."release" r on r."id" = t."release_id" and r."deleted_at" is null
         where t."tenant_id" = ? and t."deleted_at" is null ${scoped ? 'and coalesce(t."artist_id", r."artist_id") = ?::uuid' : ''}) as "tracks",
       (select count(*)::int from "catalogue"."artist" a
         where a."tenant_id" = ? and a."deleted_at" is null ${scoped ? 'and a."id" = ?::uuid' : ''}) as "artists"`,
    Array.from({ length: 4 }, () => (scoped ? [principal.tenant_id, artist] : [principal.tenant_id])).flat(),
  );
  return { products: row?.products ?? 0, albums: row?.albums ?? 0, tracks: row?.tracks ?? 0, artists: row?.artists ?? 0 };
};
