import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordingCodesCursor, RecordingCodesRelease } from '@sv/contracts';
import type { RecordingCodeScope } from './recording-code-source.ts';

/*
 * The two tables a service keeps (each service's own migration creates them in its schema):
 * "recording_track_code" (tenant_id, track_id, isrc, release_id, artist_id, title, release_title,
 * updated_at) and "recording_release_code" (tenant_id, release_id, upc, artist_id, title,
 * updated_at). Only codes that match are kept, so a code is unique per tenant in each.
 */

const LOCK_NAME = (schema: string): string => `${schema}.recording_codes`;

/**
 * Serialises the refreshes of one tenant: it is taken before the catalogue is asked, so of two
 * refreshes the one that commits later also asked later, and never writes an older state over a
 * newer one. A rebuild of every tenant takes the whole lock (the single-key form, which never
 * collides with the two-key form of one tenant's).
 */
export const lockRecordingCodes = async (em: EntityManager, schema: string, scope: RecordingCodeScope): Promise<void> => {
  if (scope === 'all') {
    await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [LOCK_NAME(schema)]);
    return;
  }
  await em.execute(`select pg_advisory_xact_lock_shared(hashtextextended(?, 0)), pg_advisory_xact_lock(hashtext(?), hashtext(?))`, [
    LOCK_NAME(schema),
    LOCK_NAME(schema),
    scope.tenantId,
  ]);
};

/**
 * Replaces what is kept of these releases with what they hold now: a release no longer live (or
 * without a product code) and a track no longer on it are removed. A code another row still holds
 * belongs to this one now (the catalogue keeps codes unique among live rows, and this answer is
 * the newest), so that stale row goes; its own event refreshes it later.
 */
export const replaceReleases = async (em: EntityManager, schema: string, releases: RecordingCodesRelease[]): Promise<void> => {
  if (releases.length === 0) return;
  const keys = JSON.stringify(releases.map(({ tenant_id, release_id }) => ({ tenant_id, release_id })));
  const tracks = JSON.stringify(
    releases.flatMap((release) =>
      release.live
        ? release.tracks.map((track) => ({ ...track, tenant_id: release.tenant_id, release_id: release.release_id, release_title: release.title }))
        : [],
    ),
  );
  const products = JSON.stringify(releases.filter((release) => release.live && release.upc !== null));
  const trackTable = `"${schema}"."recording_track_code"`;
  const releaseTable = `"${schema}"."recording_release_code"`;

  await em.execute(
    `delete from ${trackTable} c using jsonb_to_recordset(?::jsonb) as k("tenant_id" uuid, "release_id" uuid)
      where c."tenant_id" = k."tenant_id" and c."release_id" = k."release_id"
        and c."track_id" not in (select t."track_id" from jsonb_to_recordset(?::jsonb) as t("track_id" uuid))`,
    [keys, tracks],
  );
  await em.execute(
    `delete from ${trackTable} c using jsonb_to_recordset(?::jsonb) as t("tenant_id" uuid, "track_id" uuid, "isrc" text)
      where c."tenant_id" = t."tenant_id" and c."isrc" = t."isrc" and c."track_id" <> t."track_id"`,
    [tracks],
  );
  await em.execute(
    `insert into ${trackTable} as c ("tenant_id", "track_id", "isrc", "release_id", "artist_id", "title", "release_title", "updated_at")
     select "tenant_id", "track_id", "isrc", "release_id", "artist_id", "title", "release_title", now()
       from jsonb_to_recordset(?::jsonb)
         as t("tenant_id" uuid, "track_id" uuid, "isrc" text, "release_id" uuid, "artist_id" uuid, "title" text, "release_title" text)
     on conflict ("tenant_id", "track_id") do update
        set "isrc" = excluded."isrc", "release_id" = excluded."release_id", "artist_id" = excluded."artist_id",
            "title" = excluded."title", "release_title" = excluded."release_title", "updated_at" = now()
      where (c."isrc", c."release_id", c."artist_id", c."title", c."release_title")
            is distinct from (excluded."isrc", excluded."release_id", excluded."artist_id", excluded."title", excluded."release_title")`,
    [tracks],
  );
  await em.execute(
    `delete from ${releaseTable} c using jsonb_to_recordset(?::jsonb) as k("tenant_id" uuid, "release_id" uuid)
      where c."tenant_id" = k."tenant_id" and c."release_id" = k."release_id"
        and c."release_id" not in (select p."release_id" from jsonb_to_recordset(?::jsonb) as p("release_id" uuid))`,
    [keys, products],
  );
  await em.execute(
    `delete from ${releaseTable} c using jsonb_to_recordset(?::jsonb) as p("tenant_id" uuid, "release_id" uuid, "upc" text)
      where c."tenant_id" = p."tenant_id" and c."upc" = p."upc" and c."release_id" <> p."release_id"`,
    [products],
  );
  await em.execute(
    `insert into ${releaseTable} as c ("tenant_id", "release_id", "upc", "artist_id", "title", "updated_at")
     select "tenant_id", "release_id", "upc", "artist_id", "title", now()
       from jsonb_to_recordset(?::jsonb) as p("tenant_id" uuid, "release_id" uuid, "upc" text, "artist_id" uuid, "title" text)
     on conflict ("tenant_id", "release_id") do update
        set "upc" = excluded."upc", "artist_id" = excluded."artist_id", "title" = excluded."title", "updated_at" = now()
      where (c."upc", c."artist_id", c."title") is distinct from (excluded."upc", excluded."artist_id", excluded."title")`,
    [products],
  );
};

/**
 * Removes what is kept of releases in a page's range, (after, through] in (tenant, release) order
 * (through null: to the end), that the page no longer holds: deleted, or gone from the catalogue.
 */
export const removeOutsidePage = async (
  em: EntityManager,
  schema: string,
  scope: RecordingCodeScope,
  range: { after: RecordingCodesCursor | null; through: RecordingCodesCursor | null },
  releases: RecordingCodesRelease[],
): Promise<void> => {
  const tenantId = scope === 'all' ? null : scope.tenantId;
  const after = range.after ?? { tenant_id: null, release_id: null };
  const through = range.through ?? { tenant_id: null, release_id: null };
  const keys = JSON.stringify(releases.map(({ tenant_id, release_id }) => ({ tenant_id, release_id })));
  for (const table of ['recording_track_code', 'recording_release_code']) {
    await em.execute(
      `delete from "${schema}"."${table}" c
        where (?::uuid is null or c."tenant_id" = ?::uuid)
          and (?::uuid is null or (c."tenant_id", c."release_id") > (?::uuid, ?::uuid))
          and (?::uuid is null or (c."tenant_id", c."release_id") <= (?::uuid, ?::uuid))
          and (c."tenant_id", c."release_id") not in (select k."tenant_id", k."release_id" from jsonb_to_recordset(?::jsonb) as k("tenant_id" uuid, "release_id" uuid))`,
      [tenantId, tenantId, after.tenant_id, after.tenant_id, after.release_id, through.tenant_id, through.tenant_id, through.release_id, keys],
    );
  }
};
