import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, PERIOD_LABEL_MESSAGE, RELEASES_DESCRIBE_BATCH, type AnalyticsIngestBody, type DescribedRelease, type Principal } from '@sv/contracts';
import type { FieldErrors } from '@sv/platform';
import type { CataloguePort } from '../catalogue-port.ts';
import { artistScopeOf } from '../read-scope.ts';
import { parsePeriodLabel, type PeriodSpan } from './period-label.ts';
import { SnapshotsRefusedError } from './reporting.errors.ts';

type Snapshot = AnalyticsIngestBody['snapshots'][number];

/** The caller's releases among those the snapshots name, asked in batches the catalogue takes. */
const callersReleases = async (catalogue: CataloguePort, principal: Principal, snapshots: Snapshot[]): Promise<Map<string, DescribedRelease>> => {
  const ids = [...new Set(snapshots.map((snapshot) => snapshot.release_uuid))];
  const found = new Map<string, DescribedRelease>();
  for (let start = 0; start < ids.length; start += RELEASES_DESCRIBE_BATCH) {
    for (const release of await catalogue.describeReleases(principal, ids.slice(start, start + RELEASES_DESCRIBE_BATCH))) {
      found.set(release.release_id, release);
    }
  }
  return found;
};

/** The key a figure is stored under: the same figure ingested again replaces it. */
const figureKey = (snapshot: Snapshot): string =>
  JSON.stringify([snapshot.release_uuid, snapshot.dsp_name, snapshot.territory, snapshot.period_label]);

/**
 * POST /analytics/ingest: stream counts for the caller's releases (an artist-scoped caller: its own
 * artist's only). Any bad item refuses the whole batch with each problem at its item, writing
 * nothing; a valid batch is upserted in one statement, a figure named twice keeping the later one.
 * The table's statement triggers rebuild the reporting rollups of the days the batch touched, in
 * the same transaction. Answers how many figures were stored.
 */
export const ingestSnapshots = async (
  em: EntityManager,
  catalogue: CataloguePort,
  principal: Principal,
  body: AnalyticsIngestBody,
): Promise<number> => {
  const problems: FieldErrors = {};
  const spans: (PeriodSpan | null)[] = body.snapshots.map((snapshot, index) => {
    const span = parsePeriodLabel(snapshot.period_label);
    if (!span) problems[`snapshots.${index}.period_label`] = [PERIOD_LABEL_MESSAGE];
    return span;
  });
  const releases = await callersReleases(catalogue, principal, body.snapshots);
  const artistScope = artistScopeOf(principal);
  body.snapshots.forEach((snapshot, index) => {
    const release = releases.get(snapshot.release_uuid);
    const ownArtist = artistScope === null || release?.artist_id === artistScope;
    if (!release || !ownArtist) problems[`snapshots.${index}.release_uuid`] = [Messages.releaseNotFound];
  });
  if (Object.keys(problems).length > 0) throw new SnapshotsRefusedError(problems);

  const rows = new Map<string, Record<string, unknown>>();
  body.snapshots.forEach((snapshot, index) => {
    const release = releases.get(snapshot.release_uuid)!;
    const span = spans[index]!;
    rows.set(figureKey(snapshot), {
      id: randomUUID(),
      release_id: release.release_id,
      release_title: release.title,
      artist_id: release.artist_id,
      dsp_name: snapshot.dsp_name,
      territory: snapshot.territory,
      period_label: snapshot.period_label,
      period_start: span.start,
      period_end: span.end,
      streams: snapshot.streams,
    });
  });
  const stored = await em.execute<{ id: string }[]>(
    `insert into "analytics"."report_snapshot"
       ("id", "tenant_id", "release_id", "release_title", "artist_id", "dsp_name", "territory", "period_label",
        "period_start", "period_end", "streams", "created_at", "updated_at")
     select s."id", ?, s."release_id", s."release_title", s."artist_id", s."dsp_name", s."territory", s."period_label",
            s."period_start", s."period_end", s."streams", now(), now()
       from jsonb_to_recordset(?::jsonb) as s("id" uuid, "release_id" uuid, "release_title" text, "artist_id" uuid, "dsp_name" text,
            "territory" text, "period_label" text, "period_start" date, "period_end" date, "streams" bigint)
     on conflict ("tenant_id", "release_id", "dsp_name", "territory", "period_label") do update
       set "streams" = excluded."streams", "release_title" = excluded."release_title", "artist_id" = excluded."artist_id",
           "period_start" = excluded."period_start", "period_end" = excluded."period_end", "updated_at" = excluded."updated_at"
     returning "id"`,
    [principal.tenant_id, JSON.stringify([...rows.values()])],
  );
  return stored.length;
};
