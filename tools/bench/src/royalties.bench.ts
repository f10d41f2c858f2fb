/**
 * Royalties benchmark, on a platform of its own (catalogue, royalties, gateway):
 *
 * 1. Sales-report import: a CSV of N rows (default 1,000,000) over T tracks (default 10,000; 1 % of
 *    the rows name no track) uploaded to POST /v1/finance/periods/{uuid}/sales-reports; prints the
 *    seconds from the request to its job completed (the 202's Location polled: end to end), rows/s, and the royalties process's peak resident memory
 *    (VmHWM) before and after, which shows the file is streamed and never held whole.
 * 2. A statement cycle over the T tracks, each with a three-way split: compute the period, approve
 *    every payee statement and the statement, pay the period out; prints the seconds of each step.
 *
 * Tracks are made through the API (releases of 20 tracks); their splits are written straight into
 * the royalties schema, which is set-up, not what is measured. A report that is not accepted whole,
 * or a cycle whose cents do not add up, fails the run (exit 1): a broken import never produces figures.
 *
 * stdout carries the table and one JSON line; progress goes to stderr.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';
import { loadSalesReport, ok, type Api } from './bench-api.ts';
import { integerFlag, progress, round } from './bench-figures.ts';

const RATE_LIMIT_MULTIPLIER = '1000000';
const TRACKS_PER_RELEASE = 20;
const CREATE_CONCURRENCY = 8;
const USAGE = 'usage: run.sh royalties [--rows N (1000000)] [--tracks N (10000)]';

const readFlags = (): { rows: number; tracks: number } => {
  const { values } = parseArgs({
    options: { rows: { type: 'string', default: '1000000' }, tracks: { type: 'string', default: '10000' }, help: { type: 'boolean', default: false } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  return { rows: integerFlag('rows', values.rows, 1_000, 10_000_000, USAGE), tracks: integerFlag('tracks', values.tracks, TRACKS_PER_RELEASE, 100_000, USAGE) };
};

/** Runs `work` over `items` with at most `limit` at once. */
const inParallel = async <T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
};

/** The releases and tracks the report will name, made by the artist's own key. */
const seedTracks = async (artist: Api, count: number): Promise<{ isrcs: string[]; trackIds: string[] }> => {
  const isrcs: string[] = [];
  const trackIds: string[] = [];
  const releases = Array.from({ length: Math.ceil(count / TRACKS_PER_RELEASE) }, (_, index) => index);
  await inParallel(releases, CREATE_CONCURRENCY, async (index) => {
    const created = await ok<any>('release', artist('/v1/releases', { body: { title: `Bench ${index}`, type: 'album', release_date: '2027-03-05', genre: 'Pop' } }));
    for (let position = 1; position <= TRACKS_PER_RELEASE && isrcs.length < count; position++) {
      const track = await ok<any>('track', artist(`/v1/releases/${created.release.uuid}/tracks`, { body: { title: `Track ${position}`, position, explicit: false } }));
      isrcs.push(track.track.isrc);
      trackIds.push(track.track.uuid);
    }
    if (index % 50 === 0) progress(`tracks: ${isrcs.length} of ${count}`);
  });
  return { isrcs, trackIds };
};

/** Every track split three ways (33.33/33.33/33.34), written into the royalties schema as a PUT would. */
const seedSplits = async (databaseUrl: string, tenantId: string, trackIds: string[], artists: string[]): Promise<void> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const shares = [333_300, 333_300, 333_400];
    for (let start = 0; start < trackIds.length; start += 1_000) {
      const values: unknown[] = [];
      const rows: string[] = [];
      for (const trackId of trackIds.slice(start, start + 1_000)) {
        shares.forEach((share, position) => {
          const at = values.length;
          const external = position === 2;
          values.push(randomUUID(), tenantId, trackId, position, external ? 'external' : 'artist', external ? null : artists[position], `Payee ${position}`, external ? 'player@example.com' : null, share);
          rows.push(`($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, null, null, $${at + 7}, $${at + 8}, $${at + 9}, now(), null)`);
        });
      }
      await client.query(
        `insert into "royalties"."track_split" ("id", "tenant_id", "track_id", "position", "payee_type", "artist_id", "user_id", "writer_id", "name", "email", "share_millionths", "created_at", "deleted_at") values ${rows.join(', ')}`,
        values,
      );
    }
  } finally {
    await client.end();
  }
};

/** A report of `rows` rows cycling over the ISRCs (every hundredth names no track), amounts of up to six decimals. */
const writeReport = async (path: string, rows: number, isrcs: string[]): Promise<{ bytes: number; totalMicros: bigint }> => {
  const out = createWriteStream(path);
  let totalMicros = 0n;
  out.write('isrc,upc,territory,store,units,amount\n');
  let chunk = '';
  for (let row = 0; row < rows; row++) {
    const isrc = row % 100 === 99 ? `QZZZZ${String(row % 10_000_000).padStart(7, '0')}` : isrcs[row % isrcs.length]!;
    const micros = 1_000 + ((row * 7_919) % 2_000_000);
    totalMicros += BigInt(micros);
    chunk += `${isrc},,US,Spotify,${(row % 500) + 1},${(micros / 1_000_000).toFixed(6)}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  out.end(chunk);
  await finished(out);
  return { bytes: (await stat(path)).size, totalMicros };
};

/** Peak resident memory of a process so far, in MB (Linux). */
const peakMemoryMb = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024, 1);
};

const seconds = (since: number): number => round((performance.now() - since) / 1000, 2);

let platform: Promise<TestPlatform> | undefined;
let scratch: string | undefined;

const main = async (): Promise<void> => {
  const flags = readFlags();
  progress('starting catalogue, royalties and gateway on an isolated database and subject prefix');
  platform = startPlatform({ royalties: true, env: { SV_RATE_LIMIT_MULTIPLIER: RATE_LIMIT_MULTIPLIER } });
  const running = await platform;
  const tenantId = ((await running.adminOk('tenant', 'create', '--slug', 'bench', '--name', 'Bench Records')).tenant as { uuid: string }).uuid;
  const artists = await Promise.all(
    ['Nova', 'Orbit'].map(async (name) => ((await running.adminOk('artist', 'create', '--tenant', 'bench', '--name', name, '--slug', name.toLowerCase())).artist as { uuid: string }).uuid),
  );
  const key = async (...flagsOf: string[]) => apiClient(running.baseUrl, (await running.adminOk('key', 'create', '--tenant', 'bench', ...flagsOf)).key as string);
  const owner = await key('--role', 'owner');
  const artist = await key('--role', 'artist', '--artist', artists[0]!);

  progress(`creating ${flags.tracks} tracks`);
  const { isrcs, trackIds } = await seedTracks(artist, flags.tracks);
  await seedSplits(running.db.url, tenantId, trackIds, artists);

  scratch = await mkdtemp(join(tmpdir(), 'sv-bench-royalties-'));
  const file = join(scratch, 'report.csv');
  progress(`writing a report of ${flags.rows} rows`);
  const report = await writeReport(file, flags.rows, isrcs);
  const period = await ok<any>('period', owner('/v1/finance/periods', { body: { code: 'BENCH', starts_on: '2026-11-01', ends_on: '2026-11-30' } }));
  const periodId = period.period.uuid as string;
  const royaltiesPid = running.royalties!.child.pid!;
  const memoryBefore = await peakMemoryMb(royaltiesPid);

  progress(`uploading ${round(report.bytes / 1024 / 1024, 1)} MB`);
  const form = new FormData();
  form.append('sales_report', await openAsBlob(file, { type: 'text/csv' }), 'report.csv');
  const importStarted = performance.now();
  const imported = await loadSalesReport(owner, periodId, form);
  const importSeconds = seconds(importStarted);
  const memoryAfter = await peakMemoryMb(royaltiesPid);
  const rowsTotal = Number(imported.rows_total);
  if (rowsTotal !== flags.rows) throw new Error(`the report kept ${rowsTotal} rows of ${flags.rows}`);

  progress('statement cycle');
  const computeStarted = performance.now();
  const computed = await ok<any>('compute', owner(`/v1/finance/periods/${periodId}/statements`, { method: 'POST' }));
  const computeSeconds = seconds(computeStarted);
  const approveStarted = performance.now();
  for (const payee of computed.payee_statements as { uuid: string }[]) {
    await ok('approve payee', owner(`/v1/finance/payee-statements/${payee.uuid}/approve`, { method: 'POST' }));
  }
  await ok('approve', owner(`/v1/finance/statements/${computed.statement.uuid}/approve`, { method: 'POST' }));
  const approveSeconds = seconds(approveStarted);
  const payStarted = performance.now();
  const payout = await ok<any>('payout', owner('/v1/finance/payouts', { body: { period_id: periodId } }));
  const paySeconds = seconds(payStarted);
  const payees = (computed.payee_statements as { amount_minor: number }[]).reduce((sum, row) => sum + row.amount_minor, 0);
  if (payees !== computed.statement.total_minor || payout.payout.amount_minor !== payees) {
    throw new Error(`the cycle does not add up: payees ${payees}, statement ${computed.statement.total_minor}, payout ${payout.payout.amount_minor}`);
  }

  const figures = {
    rows: flags.rows,
    tracks: flags.tracks,
    report_mb: round(report.bytes / 1024 / 1024, 1),
    import_seconds: importSeconds,
    rows_per_second: Math.round(flags.rows / importSeconds),
    royalties_peak_rss_mb_before: memoryBefore,
    royalties_peak_rss_mb_after: memoryAfter,
    compute_seconds: computeSeconds,
    approve_seconds: approveSeconds,
    payout_seconds: paySeconds,
    cycle_seconds: round(computeSeconds + approveSeconds + paySeconds, 2),
    payee_statements: (computed.payee_statements as unknown[]).length,
  };
  process.stdout.write(
    [
      `sales-report import   ${figures.rows} rows (${figures.report_mb} MB) over ${figures.tracks} tracks`,
      `  seconds             ${figures.import_seconds}`,
      `  rows/s              ${figures.rows_per_second}`,
      `  royalties peak RSS  ${figures.royalties_peak_rss_mb_before} MB before, ${figures.royalties_peak_rss_mb_after} MB after`,
      `statement cycle       ${figures.tracks} tracks, three-way splits, ${figures.payee_statements} payee statements`,
      `  compute             ${figures.compute_seconds} s`,
      `  approve             ${figures.approve_seconds} s`,
      `  payout              ${figures.payout_seconds} s`,
      `  total               ${figures.cycle_seconds} s`,
      JSON.stringify({ bench: 'royalties', ...figures }),
      '',
    ].join('\n'),
  );
};

const exitAfterCleanup = async (code: number): Promise<never> => {
  if (scratch) await rm(scratch, { recursive: true, force: true }).catch(() => undefined);
  const stopped = platform?.then((started) => started.stop()).catch((error: unknown) => progress(`clean-up failed: ${(error as Error).message}`));
  await Promise.race([stopped, sleep(30_000, undefined, { ref: false })]);
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
