/**
 * Store-report loading through the shared intake (@sv/reports), on a platform of its own
 * (catalogue, royalties, analytics, gateway), over a catalogue of --tracks tracks (default
 * 100,000) in releases of 20:
 *
 *   analytics  DSR   a DDEX DSR Basic Audio Profile flat file of --lines usage lines (default
 *                    1,000,000), loaded with the operator command `analytics load`;
 *   analytics  CSV   a streams CSV (the platform's layout) of --lines rows, the same way;
 *   finance    DSR   the same DSR uploaded to POST /v1/finance/periods/{uuid}/sales-reports, its
 *                    job (the 202's Location) polled until it completed;
 *   finance    CSV   a sales CSV of --lines rows, uploaded the same way.
 *
 * For each: lines, seconds from the command or request to its answer (a finance upload's: to its
 * job completed, end to end), lines/s, and the loading
 * service's resident memory growth (its peak during the load, VmHWM reset just before, minus its
 * VmRSS before); then where the machine's CPU went (per process, from /proc) and the statements
 * Postgres was busiest with (sampled from pg_stat_activity).
 *
 * Set-up (not measured): one release and track through the API, copied straight into the
 * catalogue's schema with generate_series to --tracks tracks (ISRC QZBN1 + the track's number),
 * then both services' copies of the recording codes rebuilt with the operator command. Every load
 * must keep every line and match every one by ISRC; anything else fails the run (exit 1).
 *
 * stdout carries the table and one JSON line; progress goes to stderr.
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';
import { loadSalesReport, ok, type Api } from './bench-api.ts';
import { integerFlag, progress, round } from './bench-figures.ts';
import { sampleStatements, type StatementShare } from './postgres-activity.ts';
import { measureCpu, pidsNamed } from './process-cpu.ts';
import { seededCatalogue, writeBasicAudioDsr, writeSalesCsv, writeStreamsCsv, type ReportCatalogue, type WrittenReport } from './store-report-files.ts';

const RATE_LIMIT_MULTIPLIER = '1000000';
const TRACKS_PER_RELEASE = 20;
const TARGET_LINES_PER_SECOND = 100_000;
const TARGET_GROWTH_MB = 150;
const DSR_MONTH = '2026-11';
const CSV_MONTH = '2026-10';
const LOADS = ['analytics-dsr', 'analytics-csv', 'finance-dsr', 'finance-csv'] as const;
type LoadName = (typeof LOADS)[number];
const USAGE = `usage: run.sh reports [--tracks N (100000)] [--lines N (1000000)] [--only ${LOADS.join(',')}]`;

const readFlags = (): { tracks: number; lines: number; only: LoadName[] } => {
  const { values } = parseArgs({
    options: {
      tracks: { type: 'string', default: '100000' },
      lines: { type: 'string', default: '1000000' },
      only: { type: 'string', default: LOADS.join(',') },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const only = values.only.split(',').map((name) => name.trim());
  const unknown = only.find((name) => !(LOADS as readonly string[]).includes(name));
  if (unknown !== undefined) throw new Error(`--only: ${unknown} is not a load\n${USAGE}`);
  return {
    tracks: integerFlag('tracks', values.tracks, TRACKS_PER_RELEASE, 1_000_000, USAGE),
    lines: integerFlag('lines', values.lines, 1_000, 10_000_000, USAGE),
    only: only as LoadName[],
  };
};

/**
 * Copies the template release and its track into `tracks` tracks in releases of 20, every column
 * as the API wrote it but the id, codes, title and position (set-up: what the API would write,
 * without 100,000 requests).
 */
const seedCatalogue = async (databaseUrl: string, tenantId: string, template: { releaseId: string; trackId: string }, catalogue: ReportCatalogue): Promise<void> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const releases = Math.ceil(catalogue.tracks / catalogue.tracksPerRelease);
  try {
    await client.query('begin');
    await client.query(`create temp table "seeded_release" on commit drop as select i as "number", gen_random_uuid() as "id" from generate_series(0, $1::int - 1) as i`, [releases]);
    await client.query(
      `insert into "catalogue"."release"
       select copied.* from "catalogue"."release" t, "seeded_release" s,
              lateral jsonb_populate_record(null::"catalogue"."release",
                to_jsonb(t) || jsonb_build_object('id', s."id", 'upc', '199' || lpad(s."number"::text, 10, '0'), 'title', 'Bench ' || s."number")) as copied
        where t."id" = $1`,
      [template.releaseId],
    );
    await client.query(
      `insert into "catalogue"."track"
       select copied.* from "catalogue"."track" t, "seeded_release" s, generate_series(0, $3::int - 1) as p,
              lateral jsonb_populate_record(null::"catalogue"."track",
                to_jsonb(t) || jsonb_build_object('id', gen_random_uuid(), 'release_id', s."id", 'position', p + 1,
                  'isrc', 'QZBN1' || lpad((s."number" * $3::int + p)::text, 7, '0'), 'title', 'Track ' || (s."number" * $3::int + p))) as copied
        where t."id" = $1 and s."number" * $3::int + p < $2::int`,
      [template.trackId, catalogue.tracks, catalogue.tracksPerRelease],
    );
    await client.query('commit');
    const { rows } = await client.query<{ count: number }>(`select count(*)::int as "count" from "catalogue"."track" where "tenant_id" = $1 and "isrc" like 'QZBN1%'`, [tenantId]);
    if (rows[0]?.count !== catalogue.tracks) throw new Error(`the catalogue holds ${rows[0]?.count} seeded tracks of ${catalogue.tracks}`);
  } finally {
    await client.end();
  }
};

/** How many of the seeded ISRCs a service's copy of the recording codes holds. */
const codesKept = async (databaseUrl: string, schema: string, tenantId: string): Promise<number> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(`select count(*)::int as "count" from "${schema}"."recording_track_code" where "tenant_id" = $1 and "isrc" like 'QZBN1%'`, [tenantId]);
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
};

/**
 * Waits for analytics' own load of a DSR finance has just recorded (its consumer of the recorded
 * report queues one): the next load is timed on a machine that is not still loading this one.
 */
const analyticsFollowUpEnded = async (databaseUrl: string, tenantId: string): Promise<void> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 15 * 60_000;
    for (;;) {
      const { rows } = await client.query<{ open: number; ended: number }>(
        `select count(*) filter (where "status" in ('queued', 'running'))::int as "open", count(*) filter (where "status" in ('completed', 'failed'))::int as "ended"
           from "analytics"."report_load_job" where "tenant_id" = $1 and "origin" = 'finance'`,
        [tenantId],
      );
      if (rows[0]!.open === 0 && rows[0]!.ended > 0) return;
      if (Date.now() > deadline) throw new Error("analytics' load of the report finance recorded did not end within 15 minutes");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
};

const memoryKb = (status: string, field: 'VmRSS' | 'VmHWM'): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);

/**
 * The process's resident memory now, with its peak (VmHWM) reset to it (Linux: writing 5 to
 * clear_refs), so the peak read after a load is that load's own.
 */
const resetPeakMemory = async (pid: number): Promise<number> => {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
  return memoryKb(await readFile(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
};

const peakMemoryKb = async (pid: number): Promise<number> => memoryKb(await readFile(`/proc/${pid}/status`, 'utf8'), 'VmHWM');

interface LoadFigures {
  name: LoadName;
  service: 'analytics' | 'royalties';
  lines: number;
  file_mb: number;
  seconds: number;
  lines_per_second: number;
  rss_before_mb: number;
  rss_peak_mb: number;
  rss_growth_mb: number;
  /** CPU seconds per process group over the load; `machine` is every core's busy time. */
  cpu_seconds: Record<string, number>;
  statements: StatementShare[];
}

interface Measured {
  name: LoadName;
  service: 'analytics' | 'royalties';
  pid: number;
  file: WrittenReport;
  /** Runs the load and throws unless it kept and matched every line. */
  run(): Promise<void>;
}

const measureLoad = async (platform: TestPlatform, load: Measured): Promise<LoadFigures> => {
  const gateway = platform.gateways[0]!.process.child.pid!;
  const before = await resetPeakMemory(load.pid);
  const statements = await sampleStatements(platform.db.url);
  const stopCpu = measureCpu({
    [load.service]: () => [load.pid],
    postgres: () => pidsNamed('postgres'),
    gateway: () => [gateway],
    'nats-server': () => pidsNamed('nats-server'),
    bench: () => [process.pid],
  });
  const started = performance.now();
  await load.run();
  const seconds = (performance.now() - started) / 1000;
  const cpu = stopCpu();
  const peak = await peakMemoryKb(load.pid);
  const busiest = await statements.stop(6);
  const named = Object.entries(cpu).filter(([name]) => name !== 'machine').reduce((sum, [, ms]) => sum + ms, 0);
  return {
    name: load.name,
    service: load.service,
    lines: load.file.lines,
    file_mb: round(load.file.bytes / 1024 / 1024, 1),
    seconds: round(seconds, 2),
    lines_per_second: Math.round(load.file.lines / seconds),
    rss_before_mb: round(before / 1024, 1),
    rss_peak_mb: round(peak / 1024, 1),
    rss_growth_mb: round((peak - before) / 1024, 1),
    cpu_seconds: Object.fromEntries([...Object.entries(cpu), ['other', (cpu.machine ?? named) - named]].map(([name, ms]) => [name, round(Number(ms) / 1000, 1)])),
    statements: busiest,
  };
};

let platform: Promise<TestPlatform> | undefined;
let scratch: string | undefined;

const main = async (): Promise<void> => {
  const flags = readFlags();
  const catalogue = seededCatalogue(flags.tracks, TRACKS_PER_RELEASE);
  progress('starting catalogue, royalties, analytics and gateway on an isolated database and subject prefix');
  platform = startPlatform({ analytics: true, royalties: true, env: { SV_RATE_LIMIT_MULTIPLIER: RATE_LIMIT_MULTIPLIER } });
  const running = await platform;
  const tenantId = ((await running.adminOk('tenant', 'create', '--slug', 'bench', '--name', 'Bench Records')).tenant as { uuid: string }).uuid;
  const artistId = ((await running.adminOk('artist', 'create', '--tenant', 'bench', '--name', 'Bench Artist', '--slug', 'bench-artist')).artist as { uuid: string }).uuid;
  const key = async (...flagsOf: string[]): Promise<Api> => apiClient(running.baseUrl, (await running.adminOk('key', 'create', '--tenant', 'bench', ...flagsOf)).key as string);
  const owner = await key('--role', 'owner');
  const artist = await key('--role', 'artist', '--artist', artistId);

  const release = await ok<any>('release', artist('/v1/releases', { body: { title: 'Bench template', type: 'album', release_date: '2027-03-05', genre: 'Pop' } }));
  const track = await ok<any>('track', artist(`/v1/releases/${release.release.uuid}/tracks`, { body: { title: 'Template track', position: 1, explicit: false } }));
  progress(`seeding ${flags.tracks} tracks in releases of ${TRACKS_PER_RELEASE}`);
  await seedCatalogue(running.db.url, tenantId, { releaseId: release.release.uuid as string, trackId: track.track.uuid as string }, catalogue);
  const rebuildStarted = performance.now();
  for (const service of ['analytics', 'royalties'] as const) {
    progress(`${service}: rebuilding its copy of the recording codes`);
    await running.adminOk(service, 'rebuild-codes', '--tenant', 'bench');
    const kept = await codesKept(running.db.url, service, tenantId);
    if (kept !== flags.tracks) throw new Error(`${service}'s copy of the recording codes holds ${kept} of the ${flags.tracks} seeded tracks`);
  }
  const rebuildSeconds = round((performance.now() - rebuildStarted) / 1000, 1);

  const period = await ok<any>('period', owner('/v1/finance/periods', { body: { code: 'BENCH', starts_on: `${DSR_MONTH}-01`, ends_on: `${DSR_MONTH}-30` } }));
  const periodId = period.period.uuid as string;
  const currency = period.period.currency as string;

  scratch = await mkdtemp(join(tmpdir(), 'sv-bench-reports-'));
  const wanted = new Set(flags.only);
  progress(`writing the reports of ${flags.lines} lines`);
  const dsr = wanted.has('analytics-dsr') || wanted.has('finance-dsr')
    ? await writeBasicAudioDsr(join(scratch, 'usage.tsv'), { lines: flags.lines, month: DSR_MONTH, currency, messageId: `MSG-BENCH-${Date.now()}`, catalogue })
    : undefined;
  const streams = wanted.has('analytics-csv') ? await writeStreamsCsv(join(scratch, 'streams.csv'), { rows: flags.lines, month: CSV_MONTH, store: 'Benchtunes', catalogue }) : undefined;
  const sales = wanted.has('finance-csv') ? await writeSalesCsv(join(scratch, 'sales.csv'), { rows: flags.lines, store: 'Benchtunes', catalogue }) : undefined;

  const analyticsLoad = (file: WrittenReport) => async (): Promise<void> => {
    const report = (await running.adminOk('analytics', 'load', '--tenant', 'bench', '--file', file.path)).report as { rows: number; matched: { isrc: number } };
    if (report.rows !== file.lines || report.matched.isrc !== file.lines) throw new Error(`analytics kept ${JSON.stringify(report)} of ${file.path}; expected ${file.lines} rows, every one matched by ISRC`);
  };
  const financeUpload = (file: WrittenReport, type: string) => async (): Promise<void> => {
    const form = new FormData();
    form.append('sales_report', await openAsBlob(file.path, { type }), file.path.slice(file.path.lastIndexOf('/') + 1));
    const { rows_total: total, rows_matched: matched } = await loadSalesReport(owner, periodId, form);
    if (total !== file.lines || matched !== file.lines) throw new Error(`finance kept ${total} rows of ${file.lines}, ${matched} matched`);
  };
  const analyticsPid = running.analytics!.child.pid!;
  const royaltiesPid = running.royalties!.child.pid!;
  const loads: Measured[] = [
    ...(dsr && wanted.has('analytics-dsr') ? [{ name: 'analytics-dsr' as const, service: 'analytics' as const, pid: analyticsPid, file: dsr, run: analyticsLoad(dsr) }] : []),
    ...(streams ? [{ name: 'analytics-csv' as const, service: 'analytics' as const, pid: analyticsPid, file: streams, run: analyticsLoad(streams) }] : []),
    ...(dsr && wanted.has('finance-dsr') ? [{ name: 'finance-dsr' as const, service: 'royalties' as const, pid: royaltiesPid, file: dsr, run: financeUpload(dsr, 'text/tab-separated-values') }] : []),
    ...(sales ? [{ name: 'finance-csv' as const, service: 'royalties' as const, pid: royaltiesPid, file: sales, run: financeUpload(sales, 'text/csv') }] : []),
  ];
  const figures: LoadFigures[] = [];
  for (const load of loads) {
    progress(`${load.name}: ${load.file.lines} lines, ${round(load.file.bytes / 1024 / 1024, 1)} MB`);
    figures.push(await measureLoad(running, load));
    if (load.name === 'finance-dsr') {
      progress("finance-dsr: waiting for analytics' load of the same file (not timed)");
      await analyticsFollowUpEnded(running.db.url, tenantId);
    }
  }

  const met = (load: LoadFigures) => load.lines_per_second >= TARGET_LINES_PER_SECOND && load.rss_growth_mb <= TARGET_GROWTH_MB;
  const cell = (value: number | string, size = 10): string => String(value).padStart(size);
  process.stdout.write(
    [
      `reports: ${flags.lines} lines a file over ${flags.tracks} tracks (releases of ${TRACKS_PER_RELEASE}), Node ${process.version}, ${cpus().length} CPUs; copies of the codes rebuilt in ${rebuildSeconds} s`,
      '',
      `${'load'.padEnd(15)}${cell('lines')}${cell('MB', 8)}${cell('seconds')}${cell('lines/s')}${cell('RSS +MB')}  target (>= ${TARGET_LINES_PER_SECOND} lines/s, <= ${TARGET_GROWTH_MB} MB)`,
      ...figures.map((load) => `${load.name.padEnd(15)}${cell(load.lines)}${cell(load.file_mb, 8)}${cell(load.seconds)}${cell(load.lines_per_second)}${cell(load.rss_growth_mb)}  ${met(load) ? 'met' : 'missed'}`),
      '',
      'CPU seconds during each load (user + system, from /proc; "other" is the rest of the machine, the operator command among it):',
      ...figures.map((load) => `${load.name.padEnd(15)}${Object.entries(load.cpu_seconds).map(([name, value]) => `${name} ${value}`).join(', ')}`),
      '',
      'Postgres: share of samples each statement was active in (its waits):',
      ...figures.flatMap((load) => [
        `${load.name}`,
        ...load.statements.map((entry) => `  ${entry.share.toFixed(2).padStart(5)}  ${entry.statement}  ${JSON.stringify(entry.waits)}`),
      ]),
      '',
      JSON.stringify({ bench: 'reports', tracks: flags.tracks, lines: flags.lines, cpus: cpus().length, node: process.version, codes_rebuild_seconds: rebuildSeconds, loads: figures, targets_met: figures.every(met) }),
      '',
    ].join('\n'),
  );
};

const exitAfterCleanup = async (code: number): Promise<never> => {
  if (scratch) await rm(scratch, { recursive: true, force: true }).catch(() => undefined);
  const stopped = platform?.then((started) => started.stop()).catch((error: unknown) => progress(`clean-up failed: ${(error as Error).message}`));
  await Promise.race([stopped, sleep(60_000, undefined, { ref: false })]);
  process.exit(code);
};

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping`);
    void exitAfterCleanup(signal === 'SIGINT' ? 130 : 143);
  });
}
main().then(
  () => exitAfterCleanup(0),
  (error: unknown) => {
    progress(`failed: ${(error as Error).message ?? String(error)}`);
    return exitAfterCleanup(1);
  },
);
