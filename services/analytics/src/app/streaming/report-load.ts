import { createHash, randomUUID } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { StreamingReportSummary } from '@sv/contracts';
import type { CataloguePort } from '../catalogue-port.ts';
import { copyFacts } from './fact-copy.ts';
import { ensureMonthPartitionsAt, monthPartitionsOf, partitionsTouched } from './fact-partitions.ts';
import { loadCodeMatcher } from './load-code-matcher.ts';
import { SHAPES, type KindShape } from './report-kinds.ts';
import { detectFormat, openReport } from './report-intake.ts';
import type { ChartRecord, PlaylistRecord, ReportKind, StreamRecord } from './report-records.ts';
import { rebuildDayRollups, rebuildWindowRollups } from './stream-rollups.ts';

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

/** A record of any kind, as its kind's shape writes it. */
type WrittenRecord = StreamRecord | PlaylistRecord | ChartRecord;

/** The earlier of two days, either of which may be unknown. */
const earlierDay = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a <= b ? a : b);
const laterDay = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a >= b ? a : b);

interface FileFacts {
  id: string;
  loadNumber: number;
  tenantId: string;
  store: string;
  kind: ReportKind;
  sha256: string;
  messageId: string | null;
  firstDay: string | null;
  lastDay: string | null;
  territories: Set<string>;
}

/**
 * Removes what this load replaces, noting the days it touched in `affected_day`: the rows of an
 * earlier load of the same bytes, then, of the same store, the rows other files hold for the days
 * of this file's period (territory by territory where rows have one) — except other parts of the
 * same multi-file DSR message. Answers how many rows went.
 */
const removeReplaced = async (client: pg.Client, file: FileFacts): Promise<number> => {
  const table = `"analytics"."${SHAPES[file.kind].table}"`;
  // The files first, then their rows by file within each file's days (a file's rows are all of its store and within its
  // days): a scan of the store's days would also read the rows this load has just written, and most loads replace nothing.
  const removeRows = async (fileIds: string[], where = '', values: unknown[] = []): Promise<number> => {
    if (fileIds.length === 0) return 0;
    const { rows } = await client.query<{ count: number }>(
      `with "gone" as (
         delete from ${table} r using "analytics"."report_file" f
          where f."id" = any($1::uuid[]) and r."tenant_id" = f."tenant_id" and r."day" between f."first_day" and f."last_day" and r."load_number" = f."load_number" ${where}
         returning r."day"),
       "noted" as (insert into "affected_day" select distinct "day" from "gone" on conflict do nothing)
       select count(*)::int as "count" from "gone"`,
      [fileIds, ...values],
    );
    return rows[0]!.count;
  };
  const filesOf = async (sql: string, values: unknown[]): Promise<string[]> => (await client.query<{ id: string }>(sql, values)).rows.map((row) => row.id);

  const sameBytes = await filesOf(`select "id" from "analytics"."report_file" where "tenant_id" = $1 and "sha256" = $2`, [file.tenantId, file.sha256]);
  const earlier = await removeRows(sameBytes);
  if (sameBytes.length > 0) {
    await client.query(
      `with "gone" as (delete from "analytics"."report_file" where "id" = any($1::uuid[]) returning "load_number")
       delete from "analytics"."report_match" m using "gone" g where m."load_number" = g."load_number"`,
      [sameBytes],
    );
  }
  if (file.firstDay === null || file.lastDay === null) return earlier;
  const overlapping = await filesOf(
    `select "id" from "analytics"."report_file"
      where "tenant_id" = $1 and "store" = $2 and "kind" = $5
        and ("first_day" is null or "first_day" <= $4) and ("last_day" is null or "last_day" >= $3)
        and ($6::text is null or "message_id" is distinct from $6::text)`,
    [file.tenantId, file.store, file.firstDay, file.lastDay, file.kind, file.messageId],
  );
  const byTerritory = SHAPES[file.kind].byTerritory;
  const revised = await removeRows(overlapping, `and r."day" between $2 and $3 ${byTerritory ? `and r."territory" = any($4::text[])` : ''}`, [
    file.firstDay,
    file.lastDay,
    ...(byTerritory ? [[...file.territories]] : []),
  ]);
  return earlier + revised;
};

/**
 * The rows this load wrote, as a relation with stream_row's columns (for the rollups of the days
 * they alone fill). The tenant's uuid and the load's number are the load's own, written into the
 * text as literals.
 */
const rowsOfFile = (file: FileFacts): string => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(file.tenantId) || !Number.isSafeInteger(file.loadNumber)) throw new Error('a load names its tenant by uuid and itself by number');
  return `(select * from "analytics"."${SHAPES[file.kind].table}" where "tenant_id" = '${file.tenantId}' and "load_number" = ${file.loadNumber})`;
};

/** Of `days`, those on which the tenant has no stream rows yet (as committed: asked before the load writes any row of them). */
const freshDaysOf = async (deps: ReportLoadDeps, tenantId: string, days: string[]): Promise<string[]> => {
  const rows = await deps.orm.em.fork().execute<{ day: string }[]>(
    `select d."day" from jsonb_array_elements_text(?::jsonb) as d("day")
      where not exists (select 1 from "analytics"."stream_row" r where r."tenant_id" = ? and r."day" = d."day"::date)`,
    [JSON.stringify(days), tenantId],
  );
  return rows.map((row) => row.day);
};

/**
 * Loads one DSP report file for a tenant, in ONE transaction: the file is streamed (never held
 * whole) into its fact table with COPY, each batch of lines tied to the catalogue as it goes (new
 * codes looked up together), then what it replaces is removed and the rollups of the days it
 * touched are rebuilt. A malformed file is refused (MalformedReportError) and changes nothing. Loads of one
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
  // A load told to stop (its worker is stopping, its lease is gone) stops reading; its transaction rolls back. The
  // stream is closed without an error: until the file is opened as a report nothing listens for one, and an error then
  // would be unhandled. Its reader, if any, ends early; the load throws the signal's reason once the reading is over.
  const stop = () => input.destroy();
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
    const shape = SHAPES[report.kind] as KindShape<WrittenRecord>;
    const fileId = randomUUID();
    const { rows: numbered } = await client.query<{ load_number: string }>(`select nextval('"analytics"."report_load_number"') as "load_number"`);
    const loadNumber = Number(numbered[0]!.load_number);
    const freshDays: string[] = [];
    const matcher = loadCodeMatcher(deps, tenantId);
    const written = await copyFacts(client, shape, report.records as AsyncIterable<WrittenRecord>, {
      tenantId,
      loadNumber,
      store: options.store ?? report.store,
      storeFixed: options.store !== undefined,
      matcher,
      onRecord: () => {
        progress.rowsRead += 1;
        options.onProgress?.(progress);
      },
      // The month partitions of the rows about to go in (the header's period and the first line's month), made and
      // committed on a connection of their own: made in this transaction, they would hold the whole table locked
      // against every other tenant's loads and reads until it ends. Rows of a later month without a partition yet go
      // to the default one, and move to their own when it is made (after this load, below).
      beforeFirstRow: async (day) => {
        await ensureMonthPartitionsAt(url, shape.table, earlierDay(report.period?.first ?? null, day)!, laterDay(report.period?.last ?? null, day)!);
      },
      // A day the tenant had no rows of before this load has its rollups summed from the load's own rows.
      onNewDays: report.kind === 'streams' ? async (days) => void freshDays.push(...(await freshDaysOf(deps, tenantId, days))) : undefined,
    });
    // Stopped before the file was opened, the reader may have met a stream that merely ended: nothing read is written.
    options.signal?.throwIfAborted();
    if (written.firstDay !== null && written.lastDay !== null) monthPartitionsOf(shape.table, written.firstDay, written.lastDay);
    const file: FileFacts = {
      id: fileId,
      loadNumber,
      tenantId,
      store: written.store,
      kind: report.kind,
      sha256: digest.sha256(),
      messageId: report.messageId,
      // A DSR's period is its header's, widened where a usage names a period of its own beyond it.
      firstDay: earlierDay(report.period?.first ?? null, written.firstDay),
      lastDay: laterDay(report.period?.last ?? null, written.lastDay),
      territories: written.territories,
    };
    tell({ phase: 'writing', rowsRead: written.rows });
    const replaced = await removeReplaced(client, file);
    const days = [...written.days];
    const { rows } = await client.query<{ loaded_at: Date }>(
      `insert into "analytics"."report_file"
         ("id", "tenant_id", "store", "format", "kind", "file_name", "sha256", "size_bytes", "blob_key", "message_id", "first_day", "last_day",
          "row_count", "skipped_count", "matched_isrc", "matched_upc", "unmatched", "replaced_rows", "load_number", "loaded_at")
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, now())
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
        written.rows,
        report.skipped(),
        written.matched.isrc,
        written.matched.upc,
        written.matched.unmatched,
        replaced,
        file.loadNumber,
      ],
    );
    await client.query(`insert into "affected_day" select unnest($1::date[]) on conflict do nothing`, [days]);
    if (file.kind === 'streams') {
      tell({ phase: 'rollups' });
      // The planner's picture of the partitions the rollups read, the load's own rows counted: without it a month just
      // filled looks empty, and a million rows are fetched through an index and sorted rather than scanned and hashed.
      const touched = file.firstDay !== null && file.lastDay !== null ? await partitionsTouched(client, shape.table, file.firstDay, file.lastDay) : [];
      for (const partition of touched) await client.query(`analyze "analytics"."${partition}"`);
      const affected = await client.query<{ day: string }>(`select "day"::text as "day" from "affected_day"`);
      const fresh = new Set(freshDays);
      const sources = {
        busyDays: affected.rows.map((row) => row.day).filter((day) => !fresh.has(day)),
        freshDays,
        fileRows: rowsOfFile(file),
        loadNumber,
        // Each recording-day is a code met on a day: there are no more of them than that, nor than lines.
        fileRecordingDaysAtMost: Math.min(written.rows, written.days.size * matcher.codesLearned()),
        fileLines: written.rows,
      };
      await rebuildDayRollups(client, tenantId, sources);
      await rebuildWindowRollups(client, tenantId, { ...sources, store: file.store });
    }
    await client.query('commit');
    // The months past the first that had no partition: theirs made now, their rows moved out of the default partition.
    // Should that fail, the rows are where reads find them all the same, and the next load of the month moves them.
    if (file.firstDay !== null && file.lastDay !== null) {
      await ensureMonthPartitionsAt(url, shape.table, file.firstDay, file.lastDay).catch(() => undefined);
    }
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
      rows: written.rows,
      skipped_rows: report.skipped(),
      ignored_records: report.ignoredRecords(),
      matched: written.matched,
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
