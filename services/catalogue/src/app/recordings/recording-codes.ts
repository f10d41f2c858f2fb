import type { EntityManager } from '@mikro-orm/postgresql';
import {
  RECORDING_CODES_PAGE_TRACKS,
  type RecordingCodesCursor,
  type RecordingCodesRelease,
  type RecordingCodesReply,
} from '@sv/contracts';

/** Before every release in (tenant, release) order. */
const START: RecordingCodesCursor = { tenant_id: '00000000-0000-0000-0000-000000000000', release_id: '00000000-0000-0000-0000-000000000000' };

type ReleaseRow = RecordingCodesRelease;

/**
 * A release's codes as `recordings.match` sees them: the release matches while it is not deleted,
 * and so do its tracks that are not deleted, each with its own artist or else the release's. One
 * statement, so a release and its tracks come from one snapshot.
 */
const codesOf = (where: string, tail: string): string =>
  `select r."tenant_id", r."id" as "release_id", nullif(r."upc", '') as "upc", r."artist_id", r."title",
          r."deleted_at" is null as "live",
          coalesce((select jsonb_agg(jsonb_build_object('track_id', t."id", 'isrc', t."isrc", 'artist_id', coalesce(t."artist_id", r."artist_id"),
                                                        'title', t."title") order by t."disc_number", t."position", t."id")
                      from "catalogue"."track" t
                     where t."release_id" = r."id" and t."deleted_at" is null and r."deleted_at" is null), '[]'::jsonb) as "tracks"
     from "catalogue"."release" r
    where ${where}
    ${tail}`;

/** One release of the tenant in whatever state it is, or none when the tenant has no such release. */
export const releaseCodes = async (em: EntityManager, tenantId: string, releaseId: string): Promise<RecordingCodesReply> => {
  const releases = await em.execute<ReleaseRow[]>(codesOf(`r."id" = ? and r."tenant_id" = ?`, ''), [releaseId, tenantId]);
  return { releases, next: null };
};

/**
 * A page of live releases after `after` in (tenant, release) order, of one tenant or (tenantId
 * null) of every tenant: at most `limit` releases, and no more once the page holds
 * RECORDING_CODES_PAGE_TRACKS tracks (the first release is always in, whatever it holds).
 */
export const recordingCodesPage = async (
  em: EntityManager,
  tenantId: string | null,
  after: RecordingCodesCursor | null,
  limit: number,
): Promise<RecordingCodesReply> => {
  const from = after ?? START;
  const rows = await em.execute<ReleaseRow[]>(
    codesOf(
      `r."deleted_at" is null and (?::uuid is null or r."tenant_id" = ?::uuid) and (r."tenant_id", r."id") > (?::uuid, ?::uuid)`,
      `order by r."tenant_id", r."id" limit ?`,
    ),
    [tenantId, tenantId, from.tenant_id, from.release_id, limit],
  );
  return trimmedPage(rows, limit);
};

/** The rows up to the track budget, and where the next page starts (none when this one reached the end). */
const trimmedPage = (rows: ReleaseRow[], limit: number): RecordingCodesReply => {
  const releases: ReleaseRow[] = [];
  let tracks = 0;
  for (const row of rows) {
    if (releases.length > 0 && tracks + row.tracks.length > RECORDING_CODES_PAGE_TRACKS) break;
    releases.push(row);
    tracks += row.tracks.length;
  }
  const last = releases.at(-1);
  const more = releases.length < rows.length || rows.length === limit;
  return { releases, next: more && last ? { tenant_id: last.tenant_id, release_id: last.release_id } : null };
};
