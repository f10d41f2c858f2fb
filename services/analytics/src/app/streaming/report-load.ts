import { createHash, randomUUID } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { systemPrincipal, type StreamingReportSummary } from '@sv/contracts';
import type { CataloguePort } from '../catalogue-port.ts';
import { matchReportCodes } from '../recording-codes/report-code-matching.ts';
import { matchCodes, type CodeMatches } from './code-matching.ts';
import { ensureMonthPartitionsAt } from './fact-partitions.ts';
import { CHART_SHAPE, PLAYLIST_SHAPE, RECORDING_COLUMNS, SHAPES, STREAM_SHAPE } from './report-kinds.ts';
import { detectFormat, openReport } from './report-intake.ts';
import type { OpenedReport, ReportKind } from './report-records.ts';
import { stageRecords, type StagedFacts } from './report-staging.ts';
import { rebuildDayRollups, rebuildWindowRollups } from './stream-rollups.ts';
import { MalformedReportError } from './streaming.errors.ts';

/** A report file to load, wherever it is kept (a blob, a drop folder). */
export interface ReportSource {
  fileName: string;
  blobKey: string | null;
  /** Opens the file from its start; called twice (to tell its format, then to read it). */
  open(): Promise<Readable>;
}

export interface ReportLoadDeps {
  orm: MikroORM;
  catalogue: CataloguePort;
}

/** What a load is doing: reading the file into staging, matching its codes, writing its rows, rebuilding rollups. */
export type ReportLoadPhase = 'reading' | 'matching' | 'writing' | 'rollups';

/** How far a load has gone; reported at every chunk and record, so a listener keeps only the latest. */
export interface ReportLoadProgress {
  phase: ReportLoadPhase;
  bytesRead: number;
  rowsRead: number;
}

/** The bytes going through, counted and hashed; read sha256() once the stream has ended. */
const digesting = (onBytes: (size: number) => void) => {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      onBytes(size);
      done(null, chunk);
    },
  });
  return { stream, size: () => size, sha256: () => hash.digest('hex') };
};

const stagedRecords = (client: pg.Client, report: OpenedReport, store: string | null, storeFixed: boolean, onRecord: () => void): Promise<StagedFacts> => {
  const options = { storeFixed, onRecord };
  if (report.kind === 'streams') return stageRecords(client, STREAM_SHAPE, report.records, store, options);
  if (report.kind === 'playlists') return stageRecords(client, PLAYLIST_SHAPE, report.records, store, options);
  return stageRecords(client, CHART_SHAPE, report.records, store, options);
};

/**
 * What the file's distinct codes match in the tenant's catalogue. Analytics' own copy of the
 * catalogue's codes answers them in one join; only the codes it does not hold are asked of the
 * catalogue (in rounds of a thousand), because the copy follows the catalogue's events a moment
 * behind: a track created just before its first report still matches.
 */
const matchFileCodes = async (deps: ReportLoadDeps, tenantId: string, staged: StagedFacts): Promise<CodeMatches> => {
  const kept = await matchReportCodes(deps.orm.em.fork(), tenantId, staged.isrcs, staged.upcs);
  const missingIsrcs = [...staged.isrcs].filter((isrc) => !kept.tracks.has(isrc.toUpperCase()));
  const missingUpcs = [...staged.upcs].filter((upc) => !kept.releases.has(upc));
  if (missingIsrcs.length === 0 && missingUpcs.length === 0) return kept;
  const asked = await matchCodes(deps.catalogue, systemPrincipal(tenantId, 'analytics'), missingIsrcs, missingUpcs);
  return { tracks: new Map([...kept.tracks, ...asked.tracks]), releases: new Map([...kept.releases, ...asked.releases]) };
};

/** The earlier of two days, either of which may be unknown. */
const earlierDay = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a <= b ? a : b);
const laterDay = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a >= b ? a : b);

/** The session's matches of this file's codes, for the insert to join. */
const stageMatches = async (client: pg.Client, matches: CodeMatches): Promise<void> => {
  await client.query(`create temp table "matched_isrc" ("isrc" text primary key, "track_id" uuid not null, "release_id" uuid not null, "artist_id" uuid) on commit drop`);
  await client.query(`create temp table "matched_upc" ("upc" text primary key, "release_id" uuid not null, "artist_id" uuid) on commit drop`);
  const tracks = [...matches.tracks];
  await client.query(`insert into "matched_isrc" select * from unnest($1::text[], $2::uuid[], $3::uuid[], $4::uuid[])`, [
    tracks.map(([isrc]) => isrc),
    tracks.map(([, match]) => match.trackId),
    tracks.map(([, match]) => match.releaseId),
    tracks.map(([, match]) => match.artistId),
  ]);
  const releases = [...matches.releases];
  await client.query(`insert into "matched_upc" select * from unnest($1::text[], $2::uuid[], $3::uuid[])`, [
    releases.map(([upc]) => upc),
    releases.map(([, match]) => match.releaseId),
    releases.map(([, match]) => match.artistId),
  ]);
};

interface FileFacts {
  id: string;
  tenantId: string;
  store: string;
  kind: ReportKind;
  sha256: string;
  messageId: string | null;
  firstDay: string | null;
  lastDay: string | null;
}

/**
 * Removes what this load replaces, noting the days it touched in `affected_day`: the rows of an
 * earlier load of the same bytes, then, of the same store, the rows other files hold for the days
 * of this file's period (territory by territory where rows have one) — except other parts of the
 * same multi-file DSR message. Answers how many rows went.
 */
const removeReplaced = async (client: pg.Client, file: FileFacts): Promise<number> => {
  const table = `"analytics"."${SHAPES[file.kind].table}"`;
  const earlier = await client.query<{ count: number }>(
    `with "gone" as (
       delete from ${table} r using "analytics"."report_file" f
        where f."tenant_id" = $1 and f."sha256" = $2 and r."file_id" = f."id"
       returning r."day"),
     "noted" as (insert into "affected_day" select distinct "day" from "gone" on conflict do nothing)
     select count(*)::int as "count" from "gone"`,
    [file.tenantId, file.sha256],
  );
  await client.query(`delete from "analytics"."report_file" where "tenant_id" = $1 and "sha256" = $2`, [file.tenantId, file.sha256]);
  if (file.firstDay === null || file.lastDay === null) return earlier.rows[0]!.count;
  const byTerritory = SHAPES[file.kind].byTerritory ? `and r."territory" in (select distinct "territory" from "staged")` : '';
  const revised = await client.query<{ count: number }>(
    `with "gone" as (
       delete from ${table} r using "analytics"."report_file" f
        where r."tenant_id" = $1 and r."store" = $2 and r."day" between $3 and $4 ${byTerritory}
          and f."id" = r."file_id" and f."kind" = $5
          and ($6::text is null or f."message_id" is distinct from $6::text)
       returning r."day"),
     "noted" as (insert into "affected_day" select distinct "day" from "gone" on conflict do nothing)
     select count(*)::int as "count" from "gone"`,
    [file.tenantId, file.store, file.firstDay, file.lastDay, file.kind, file.messageId],
  );
  return earlier.rows[0]!.count + revised.rows[0]!.count;
};

/** The columns a kind's rows carry from the file (staged as read). */
const fileColumns = (kind: ReportKind): string[] => [...RECORDING_COLUMNS.map((column) => column.name), ...SHAPES[kind].columns.map((column) => column.name)];

/** The staged rows as they go in: each tied to its track by ISRC, else to its release by UPC, else to nothing. */
const fileRows = (kind: ReportKind): string =>
  `(select mi."track_id", coalesce(mi."release_id", mu."release_id") as "release_id",
           case when mi."isrc" is not null then mi."artist_id" else mu."artist_id" end as "artist_id",
           case when mi."isrc" is not null then 'isrc' when mu."upc" is not null then 'upc' end as "matched_by",
           ${fileColumns(kind).map((name) => `s."${name}"`).join(', ')}
      from "staged" s
      left join "matched_isrc" mi on mi."isrc" = s."isrc"
      left join "matched_upc" mu on mu."upc" = s."upc")`;

/** Moves the staged rows in. */
const insertRows = async (client: pg.Client, file: FileFacts): Promise<void> => {
  const columns = ['track_id', 'release_id', 'artist_id', 'matched_by', ...fileColumns(file.kind)].map((name) => `"${name}"`).join(', ');
  await client.query(
    `insert into "analytics"."${SHAPES[file.kind].table}" ("tenant_id", "file_id", "store", ${columns})
     select $1, $2, $3, ${columns} from ${fileRows(file.kind)} r`,
    [file.tenantId, file.id, file.store],
  );
};

/** How the file's rows matched, counted on the staged rows (not read back from the rows written). */
const matchedCounts = async (client: pg.Client, file: FileFacts): Promise<{ isrc: number; upc: number; unmatched: number }> => {
  const { rows } = await client.query<{ isrc: number; upc: number; unmatched: number }>(
    `select count(*) filter (where "matched_by" = 'isrc')::int as "isrc",
            count(*) filter (where "matched_by" = 'upc')::int as "upc",
            count(*) filter (where "matched_by" is null)::int as "unmatched"
       from ${fileRows(file.kind)} r`,
  );
  return rows[0]!;
};

/** The file's days on which the tenant has no stream rows yet: their rollups are summed from the file's rows alone. */
const freshDaysOf = async (client: pg.Client, tenantId: string, days: string[]): Promise<string[]> => {
  const { rows } = await client.query<{ day: string }>(
    `select d."day"::text as "day" from unnest($2::date[]) as d("day")
      where not exists (select 1 from "analytics"."stream_row" r where r."tenant_id" = $1 and r."day" = d."day")`,
    [tenantId, days],
  );
  return rows.map((row) => row.day);
};

/**
 * Loads one DSP report file for a tenant, in ONE transaction: the file is streamed (never held
 * whole) into a staging table with COPY, its distinct codes are matched to the catalogue in
 * batches, what it replaces is removed, its rows go in, and the rollups of the days it touched are
 * rebuilt. A malformed file is refused (MalformedReportError) and changes nothing. Loads of one
 * tenant run one at a time. An abort of `signal` while the file is read stops the load.
 * `onProgress` hears how far it has gone (bytes and records read, the phase) while the transaction
 * runs; it must be quick and never throw, and gets the same object each time (no copy per
 * record), so it copies what it keeps.
 */
export const loadReportFile = async (
  deps: ReportLoadDeps,
  tenantId: string,
  source: ReportSource,
  options: { store?: string | undefined; onProgress?: (progress: ReportLoadProgress) => void; signal?: AbortSignal | undefined } = {},
): Promise<StreamingReportSummary> => {
  const progress: ReportLoadProgress = { phase: 'reading', bytesRead: 0, rowsRead: 0 };
  const tell = (change: Partial<ReportLoadProgress>) => {
    Object.assign(progress, change);
    options.onProgress?.(progress);
  };
  const format = await detectFormat(await source.open());
  const digest = digesting((bytesRead) => tell({ bytesRead }));
  const input = pipeline(await source.open(), digest.stream, () => undefined) as Readable;
  // A load told to stop (its worker is stopping, its lease is gone) stops reading; its transaction rolls back.
  const stop = () => input.destroy(options.signal?.reason instanceof Error ? options.signal.reason : new Error('the load was stopped'));
  options.signal?.addEventListener('abort', stop, { once: true });
  const url = deps.orm.config.get('clientUrl');
  if (!url) throw new Error('loading a report needs the ORM clientUrl to open its own connection');
  const client = new pg.Client({ connectionString: url, application_name: 'sv-analytics:report-load' });
  await client.connect();
  try {
    await client.query('begin');
    // A load is one transaction that is run again whole when it does not end (its job is retried), and its job is
    // recorded completed by a later commit whose flush covers this one's: this commit need not wait for its own.
    await client.query('set local synchronous_commit = off');
    // The joins and sums over the file's rows hashed in memory rather than spilled to disk in batches.
    await client.query(`set local work_mem = '256MB'`);
    await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`sv:analytics:report-load:${tenantId}`]);
    await client.query(`create temp table "affected_day" ("day" date primary key) on commit drop`);
    const report = await openReport(input, format);
    const staged = await stagedRecords(client, report, options.store ?? report.store, options.store !== undefined, () => {
      progress.rowsRead += 1;
      options.onProgress?.(progress);
    });
    if (staged.store === null) throw new MalformedReportError(1, 'store', 'the file names no store: add a store column, or give the store with --store');
    // The month partitions of the rows about to go in, made and committed on a connection of their own: made in this
    // transaction, they would hold the whole table locked against every other tenant's loads and reads until it ends.
    if (staged.firstDay !== null && staged.lastDay !== null) await ensureMonthPartitionsAt(url, SHAPES[report.kind].table, staged.firstDay, staged.lastDay);
    const file: FileFacts = {
      id: randomUUID(),
      tenantId,
      store: staged.store,
      kind: report.kind,
      sha256: digest.sha256(),
      messageId: report.messageId,
      // A DSR's period is its header's, widened where a usage names a period of its own beyond it.
      firstDay: earlierDay(report.period?.first ?? null, staged.firstDay),
      lastDay: laterDay(report.period?.last ?? null, staged.lastDay),
    };
    tell({ phase: 'matching', rowsRead: staged.rows });
    const matches = await matchFileCodes(deps, tenantId, staged);
    await stageMatches(client, matches);
    tell({ phase: 'writing' });
    // The planner's row counts for the joins over the staged rows.
    await client.query('analyze "staged"');
    const replaced = await removeReplaced(client, file);
    const days = [...staged.days];
    // Once what the file replaces is gone: the days that hold no rows but the file's.
    const freshDays = file.kind === 'streams' ? await freshDaysOf(client, tenantId, days) : [];
    const matched = await matchedCounts(client, file);
    const { rows } = await client.query<{ loaded_at: Date }>(
      `insert into "analytics"."report_file"
         ("id", "tenant_id", "store", "format", "kind", "file_name", "sha256", "size_bytes", "blob_key", "message_id", "first_day", "last_day",
          "row_count", "skipped_count", "matched_isrc", "matched_upc", "unmatched", "replaced_rows", "loaded_at")
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, now())
       returning "loaded_at"`,
      [
        file.id,
        tenantId,
        file.store,
        format,
        file.kind,
        source.fileName,
        file.sha256,
        digest.size(),
        source.blobKey,
        file.messageId,
        file.firstDay,
        file.lastDay,
        staged.rows,
        report.skipped(),
        matched.isrc,
        matched.upc,
        matched.unmatched,
        replaced,
      ],
    );
    await insertRows(client, file);
    await client.query(`insert into "affected_day" select unnest($1::date[]) on conflict do nothing`, [days]);
    if (file.kind === 'streams') {
      tell({ phase: 'rollups' });
      const affected = await client.query<{ day: string }>(`select "day"::text as "day" from "affected_day"`);
      const fresh = new Set(freshDays);
      const sources = { busyDays: affected.rows.map((row) => row.day).filter((day) => !fresh.has(day)), freshDays, fileRows: fileRows(file.kind) };
      await rebuildDayRollups(client, tenantId, sources);
      await rebuildWindowRollups(client, tenantId, { ...sources, store: file.store });
    }
    await client.query('commit');
    return {
      uuid: file.id,
      file_name: source.fileName,
      store: file.store,
      format,
      kind: file.kind,
      sha256: file.sha256,
      size_bytes: digest.size(),
      first_day: file.firstDay,
      last_day: file.lastDay,
      rows: staged.rows,
      skipped_rows: report.skipped(),
      ignored_records: report.ignoredRecords(),
      matched,
      replaced_rows: replaced,
      loaded_at: rows[0]!.loaded_at.toISOString(),
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    input.destroy();
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await client.end().catch(() => undefined);
  }
};
