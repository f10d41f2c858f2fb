import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal, RecordingsMatchReply } from '@sv/contracts';

/**
 * The caller's tenant's live tracks with these ISRCs and live releases with these UPCs, in one query
 * each. An artist-scoped caller matches only its own artist's recordings. The codes travel as one
 * JSON array parameter, whatever characters they hold.
 */
export const matchRecordings = async (
  em: EntityManager,
  principal: Principal,
  codes: { isrcs: string[]; upcs: string[] },
): Promise<RecordingsMatchReply> => {
  const artist = principal.artist_id;
  // The codes drive the join, each found through the live-code index: the plan stays a few index
  // probes per code whatever the tables' statistics say.
  const tracks =
    codes.isrcs.length === 0
      ? []
      : await em.execute<RecordingsMatchReply['tracks']>(
          `select t."isrc", t."id" as "track_id", t."release_id", coalesce(t."artist_id", r."artist_id") as "artist_id",
                  t."title", r."title" as "release_title"
             from jsonb_array_elements_text(?::jsonb) as code("isrc")
             join "catalogue"."track" t on t."tenant_id" = ? and t."isrc" = code."isrc" and t."deleted_at" is null
             join "catalogue"."release" r on r."id" = t."release_id" and r."deleted_at" is null
            where (?::uuid is null or coalesce(t."artist_id", r."artist_id") = ?::uuid)`,
          [JSON.stringify([...new Set(codes.isrcs)]), principal.tenant_id, artist, artist],
        );
  const releases =
    codes.upcs.length === 0
      ? []
      : await em.execute<RecordingsMatchReply['releases']>(
          `select r."upc", r."id" as "release_id", r."artist_id", r."title"
             from jsonb_array_elements_text(?::jsonb) as code("upc")
             join "catalogue"."release" r on r."tenant_id" = ? and r."upc" = code."upc" and r."deleted_at" is null
            where (?::uuid is null or r."artist_id" = ?::uuid)`,
          [JSON.stringify([...new Set(codes.upcs)]), principal.tenant_id, artist, artist],
        );
  return { tracks, releases };
};
