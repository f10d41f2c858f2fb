import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal, RecordingsMatchReply } from '@sv/contracts';

/** Whose codes match: the tenant's, and only its artist's when the caller is scoped to one. */
export type RecordingCodeMatcher = Pick<Principal, 'tenant_id' | 'artist_id'>;

/**
 * The kept tracks with these ISRCs and releases with these UPCs, in the shape `recordings.match`
 * answers: one join each, whatever the number of codes. The codes travel as one JSON array
 * parameter and drive the join through the (tenant, code) index.
 */
export const matchRecordingCodes = async (
  em: EntityManager,
  schema: string,
  matcher: RecordingCodeMatcher,
  codes: { isrcs: Iterable<string>; upcs: Iterable<string> },
): Promise<RecordingsMatchReply> => {
  const isrcs = [...new Set(codes.isrcs)];
  const upcs = [...new Set(codes.upcs)];
  const artist = matcher.artist_id;
  const tracks =
    isrcs.length === 0
      ? []
      : await em.execute<RecordingsMatchReply['tracks']>(
          `select c."isrc", c."track_id", c."release_id", c."artist_id", c."title", c."release_title"
             from jsonb_array_elements_text(?::jsonb) as code("isrc")
             join "${schema}"."recording_track_code" c on c."tenant_id" = ? and c."isrc" = code."isrc"
            where (?::uuid is null or c."artist_id" = ?::uuid)`,
          [JSON.stringify(isrcs), matcher.tenant_id, artist, artist],
        );
  const releases =
    upcs.length === 0
      ? []
      : await em.execute<RecordingsMatchReply['releases']>(
          `select c."upc", c."release_id", c."artist_id", c."title"
             from jsonb_array_elements_text(?::jsonb) as code("upc")
             join "${schema}"."recording_release_code" c on c."tenant_id" = ? and c."upc" = code."upc"
            where (?::uuid is null or c."artist_id" = ?::uuid)`,
          [JSON.stringify(upcs), matcher.tenant_id, artist, artist],
        );
  return { tracks, releases };
};
