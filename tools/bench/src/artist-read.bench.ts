/**
 * The edge benchmark: `GET /v1/artists/{uuid}` (`--scenario read`, the default) or
 * `POST /v1/releases` (`--scenario write`) through the whole platform (HTTP → gateway: API-key
 * auth, rate-limit count, versioning → NATS request/reply → catalogue → Postgres) against the
 * same read or write served by a bare express + `pg` handler, on the same machine and the same
 * database, in one run; then where each path's CPU went, per response.
 *
 * One file, three roles:
 * - the orchestrator (default): starts an isolated platform, seeds it, runs the load, prints;
 * - the bare server (SV_BENCH_ROLE=bare-server): a child process, so it gets its own event loop
 *   as the gateway and the catalogue do;
 * - the load generator (a worker thread): autocannon on an event loop of its own, so the
 *   orchestrator's work (reading the services' logs) never delays the measurement.
 *
 * stdout carries only the result table and one JSON line; progress goes to stderr, and the
 * services' logs stay in the test harness's memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
// @ts-expect-error autocannon ships no type declarations; the part used here is typed below.
import autocannon from 'autocannon';
import express from 'express';
import pg from 'pg';
import { startPlatform, type TestPlatform } from '@sv/testing';
import { measureCpu, pidsNamed, type ProcessGroups } from './process-cpu.ts';

/** Scales the gateway's rate limits for this run only (see the gateway's config). */
const RATE_LIMIT_MULTIPLIER = '1000000';
/** The catalogue's ORM pool holds at most 10 connections; the bare handler gets the same. */
const BARE_POOL_MAX = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ARTIST_SELECT = 'select * from "catalogue"."artist" where "id" = $1 and "tenant_id" = $2 and "deleted_at" is null';

// ---------------------------------------------------------------------------------------------
// Shared shapes

interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

interface LoadStats {
  duration_s: number;
  responses: number;
  rps: number;
  ok_rps: number;
  /** Percentiles of 2xx responses only (as autocannon counts latency), in milliseconds. */
  p50_ms: number | null;
  p99_ms: number | null;
  non_2xx: number;
  errors: number;
  timeouts: number;
  status_codes: Record<string, number>;
}

type LoadMessage = { stats: LoadStats } | { error: string };

/**
 * The part of autocannon's programmatic API used here. Inside a worker thread autocannon hands
 * back its raw per-run result (it aggregates only on the main thread), hence totalCompletedRequests.
 */
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  totalCompletedRequests?: number;
  requests?: { total?: number };
}
interface AutocannonTracker {
  on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}
type Autocannon = (
  options: { url: string; method: string; body?: string; connections: number; duration: number; headers: Record<string, string>; timeout?: number },
  callback: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonTracker;

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted: Float64Array, p: number): number | null => {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? null;
};

// ---------------------------------------------------------------------------------------------
// Role: load generator (worker thread)

/**
 * Runs autocannon once and keeps every 2xx latency at full precision (autocannon's own histogram
 * rounds to whole milliseconds, too coarse for sub-millisecond medians).
 */
const runLoadWorker = (job: LoadJob): void => {
  const port = parentPort;
  if (!port) return;
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const tracker = (autocannon as Autocannon)(
    { url: job.url, method: job.method, body: job.body, connections: job.connections, duration: job.durationSeconds, headers: job.headers, timeout: 10 },
    (error, result) => {
      if (error) {
        port.postMessage({ error: error.message } satisfies LoadMessage);
        return;
      }
      const sorted = latencies.subarray(0, count).sort();
      const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count: n }]) => [code, n]));
      const responses = result.totalCompletedRequests ?? result.requests?.total ?? 0;
      const ok = Object.entries(statusCodes).reduce((sum, [code, n]) => (code.startsWith('2') ? sum + n : sum), 0);
      const seconds = result.duration > 0 ? result.duration : job.durationSeconds;
      const p50 = percentile(sorted, 50);
      const p99 = percentile(sorted, 99);
      port.postMessage({
        stats: {
          duration_s: seconds,
          responses,
          rps: round(responses / seconds, 1),
          ok_rps: round(ok / seconds, 1),
          p50_ms: p50 === null ? null : round(p50, 3),
          p99_ms: p99 === null ? null : round(p99, 3),
          non_2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          status_codes: statusCodes,
        },
      } satisfies LoadMessage);
    },
  );
  tracker.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode < 200 || statusCode > 299) return;
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
  });
  tracker.on('error', (error) => port.postMessage({ error: error.message } satisfies LoadMessage));
};

// ---------------------------------------------------------------------------------------------
// Role: bare server (child process)

/**
 * The write the bare handler does for POST /releases: the release row and its outbox event in
 * one statement (one round trip, atomic), as the least a correct write needs.
 */
const RELEASE_INSERT = `with release as (
    insert into "catalogue"."release" ("id", "tenant_id", "artist_id", "title", "type", "upc", "release_date", "genre",
                                       "copyright_year", "created_at", "updated_at")
    values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, extract(year from now())::int, now(), now())
    returning *
  ), event as (
    insert into "catalogue"."outbox_event" ("id", "type", "tenant_id", "envelope")
    select gen_random_uuid(), 'release.created', release."tenant_id", jsonb_build_object('release_id', release."id") from release
  )
  select * from release`;

/** express 5, the catalogue's SELECT (and the release INSERT) through a `pg` Pool, `{artist}` / `{release}` back. */
const runBareServer = async (): Promise<void> => {
  const databaseUrl = process.env.SV_BENCH_DATABASE_URL;
  const tenantId = process.env.SV_BENCH_TENANT_ID;
  if (!databaseUrl || !tenantId) throw new Error('SV_BENCH_DATABASE_URL and SV_BENCH_TENANT_ID are required');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: BARE_POOL_MAX });
  const app = express();
  app.get('/artists/:uuid', async (req, res) => {
    const id = req.params.uuid;
    const { rows } = UUID.test(id) ? await pool.query(ARTIST_SELECT, [id, tenantId]) : { rows: [] };
    if (rows.length === 0) {
      res.status(404).json({ message: 'Artist not found.' });
      return;
    }
    res.json({ artist: rows[0] });
  });
  app.post('/releases', express.json(), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === 'string' && (body[name] as string).trim() !== '' ? (body[name] as string).trim() : undefined);
    const [title, type, releaseDate, genre] = [text('title'), text('type'), text('release_date'), text('genre')];
    if (!title || !type || !releaseDate || !genre) {
      res.status(422).json({ message: 'The given data was invalid.' });
      return;
    }
    const upc = String(Math.floor(Math.random() * 1e12)).padStart(12, '0');
    const { rows } = await pool.query(RELEASE_INSERT, [tenantId, text('artist_id') ?? null, title, type, upc, releaseDate, genre]);
    res.status(201).json({ release: rows[0] });
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  // The orchestrator holds our stdin open; when it goes away, so do we.
  process.stdin.once('end', shutdown).resume();
  process.stdout.write(`${JSON.stringify({ listening: port })}\n`);
};

// ---------------------------------------------------------------------------------------------
// Role: orchestrator

type Scenario = 'read' | 'write';
const SCENARIO_PATH: Record<Scenario, string> = { read: 'GET /v1/artists/{uuid}', write: 'POST /v1/releases' };
const SCENARIO_NAME: Record<Scenario, string> = { read: 'artist-read', write: 'release-write' };

interface Options {
  scenario: Scenario;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

const USAGE = 'usage: run.sh [artist-read|release-write] [--connections N (16)] [--duration SECONDS (10)] [--warmup SECONDS (2), 0 to skip]';

const readOptions = (): Options => {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string', default: 'read' },
      connections: { type: 'string', default: '16' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const integer = (name: string, raw: string, min: number, max: number): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}\n${USAGE}`);
    return value;
  };
  if (values.scenario !== 'read' && values.scenario !== 'write') throw new Error(`--scenario must be read or write\n${USAGE}`);
  return {
    scenario: values.scenario,
    connections: integer('connections', values.connections, 1, 1000),
    durationSeconds: integer('duration', values.duration, 1, 3600),
    warmupSeconds: integer('warmup', values.warmup, 0, 600),
  };
};

const progress = (message: string): void => {
  process.stderr.write(`bench: ${message}\n`);
};

/** Everything the orchestrator started, so any exit path can take it down. */
const running: {
  platform: Promise<TestPlatform> | undefined;
  bare: ChildProcess | undefined;
  load: Worker | undefined;
} = { platform: undefined, bare: undefined, load: undefined };

let cleaning: Promise<void> | undefined;

const stopBare = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
};

/** Idempotent: stops the load, the bare server and the platform (processes, database, blobs). */
const cleanup = (): Promise<void> =>
  (cleaning ??= (async () => {
    await running.load?.terminate().catch(() => undefined);
    if (running.bare) await stopBare(running.bare).catch(() => undefined);
    const platform = await running.platform?.catch(() => undefined);
    await platform?.stop().catch((error: unknown) => progress(`clean-up failed: ${(error as Error).message}`));
  })());

/** Cleans up (waiting at most 30 s) and exits with `code`. */
const exitAfterCleanup = async (code: number): Promise<never> => {
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, 30_000).unref());
  await Promise.race([cleanup(), deadline]);
  process.exit(code);
};

const runLoad = (job: LoadJob): Promise<LoadStats> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    running.load = worker;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      running.load = undefined;
      void worker.terminate();
      outcome();
    };
    worker.on('message', (message: LoadMessage) =>
      settle(() => ('stats' in message ? resolve(message.stats) : reject(new Error(`load generator: ${message.error}`)))),
    );
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`load generator exited (${code}) without a result`))));
  });

const startBare = async (databaseUrl: string, tenantId: string): Promise<{ child: ChildProcess; url: string }> => {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, SV_BENCH_ROLE: 'bare-server', SV_BENCH_DATABASE_URL: databaseUrl, SV_BENCH_TENANT_ID: tenantId },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.bare = child;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`bare server did not start in 20 s\n${stderr}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('{"listening"'));
      if (!line) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { listening: number }).listening);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bare server exited (${code})\n${stderr}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}` };
};

const admin = async (platform: TestPlatform, ...args: string[]): Promise<Record<string, any>> => {
  const result = await platform.admin(...args);
  if (result.code !== 0) throw new Error(`admin ${args.slice(0, 2).join(' ')} failed: ${JSON.stringify(result.json)}`);
  return result.json;
};

/** One request each way before any load: both must answer 2xx with the seeded artist (or the new release's artist). */
const checkOnce = async (job: Pick<LoadJob, 'url' | 'method' | 'headers' | 'body'>, artistId: string, pick: (body: any) => unknown) => {
  const { url } = job;
  const response = await fetch(url, { method: job.method, headers: job.headers, body: job.body });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (response.status < 200 || response.status > 299 || pick(body) !== artistId) {
    throw new Error(`${job.method} ${url} answered ${response.status}, not the seeded artist: ${text.slice(0, 500)}`);
  }
  return response;
};

interface Measured {
  stats: LoadStats;
  /** CPU milliseconds per response, by process group and for the whole machine. */
  cpu: Record<string, number>;
}

const perResponse = (cpuMs: Record<string, number>, responses: number): Record<string, number> =>
  Object.fromEntries(Object.entries(cpuMs).map(([name, ms]) => [name, responses > 0 ? round(ms / responses, 3) : 0]));

/** Where each path's CPU went, per response: the part a profile cannot show across processes. */
const renderCpu = (runs: [string, Record<string, number>][]): string => {
  if (runs.every(([, cpu]) => cpu.machine === undefined)) return '';
  const lines = ['', 'CPU per response, ms (user + system, from /proc; "other" is everything else on the machine):'];
  for (const [name, cpu] of runs) {
    const { machine = 0, ...parts } = cpu;
    const named = Object.entries(parts).filter(([, ms]) => ms > 0);
    const other = Math.max(0, machine - named.reduce((sum, [, ms]) => sum + ms, 0));
    lines.push(`${pad(name, 8, true)} ${machine.toFixed(3)} = ${[...named, ['other', other] as const].map(([part, ms]) => `${part} ${ms.toFixed(3)}`).join(' + ')}`);
  }
  return `${lines.join('\n')}\n`;
};

const pad = (value: string, width: number, left = false): string => (left ? value.padEnd(width) : value.padStart(width));
const show = (value: number | null, digits: number): string => (value === null ? '-' : value.toFixed(digits));

type Ratio = { rps: number | null; p50: number | null; p99?: number | null };
const ratioOf = (path: LoadStats, bare: LoadStats): Ratio => ({
  rps: bare.rps > 0 ? round(path.rps / bare.rps, 3) : null,
  p50: path.p50_ms !== null && bare.p50_ms ? round(path.p50_ms / bare.p50_ms, 2) : null,
  p99: path.p99_ms !== null && bare.p99_ms ? round(path.p99_ms / bare.p99_ms, 2) : null,
});

const renderTable = (options: Options, rateLimit: string | null, gateway: LoadStats, bare: LoadStats, ratio: Ratio, uncached?: { stats: LoadStats; ratio: Ratio }): string => {
  const header = ['target', 'req/s', '2xx/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
  const widths = [8, 10, 10, 9, 9, 9, 7];
  const row = (cells: string[]) => cells.map((cell, i) => pad(cell, widths[i] ?? 8, i === 0)).join(' ');
  const line = (name: string, s: LoadStats) =>
    row([name, s.rps.toFixed(1), s.ok_rps.toFixed(1), show(s.p50_ms, 2), show(s.p99_ms, 2), String(s.non_2xx), String(s.errors)]);
  const lines = [
    `${SCENARIO_PATH[options.scenario]}: ${options.connections} connections, ${options.durationSeconds} s each (after ${options.warmupSeconds} s warm-up), Node ${process.version}, ${cpus().length} CPUs`,
    `gateway rate limit seen: ${rateLimit ?? 'unknown'} requests/minute per key`,
    '',
    row(header),
    line('gateway', gateway),
    ...(uncached ? [line('uncached', uncached.stats)] : []),
    line('bare', bare),
    '',
    `gateway/bare: req/s x${show(ratio.rps, 3)}, p50 x${show(ratio.p50, 2)}, p99 x${show(ratio.p99 ?? null, 2)}`,
    ...(uncached
      ? [
          `uncached/bare: req/s x${show(uncached.ratio.rps, 3)}, p50 x${show(uncached.ratio.p50, 2)}, p99 x${show(uncached.ratio.p99 ?? null, 2)}` +
            ' (Cache-Control: no-cache: every request read by the catalogue)',
        ]
      : []),
  ];
  for (const [name, s] of [['gateway', gateway], ...(uncached ? [['uncached', uncached.stats] as const] : []), ['bare', bare]] as const) {
    if (s.non_2xx > 0 || s.errors > 0) {
      const codes = Object.entries(s.status_codes).map(([code, n]) => `${code}: ${n}`).join(', ');
      lines.push(`warning: ${name} had ${s.non_2xx} non-2xx responses and ${s.errors} errors (${codes}); its req/s counts them, latencies count 2xx only.`);
    }
  }
  return `${lines.join('\n')}\n`;
};

const main = async (): Promise<void> => {
  const options = readOptions();
  const budgetMs = (3 * (options.warmupSeconds + options.durationSeconds) + 180) * 1000;
  setTimeout(() => {
    progress(`gave up after ${budgetMs / 1000} s`);
    void exitAfterCleanup(1);
  }, budgetMs).unref();

  progress('starting catalogue and gateway on an isolated database and subject prefix');
  running.platform = startPlatform({ env: { SV_RATE_LIMIT_MULTIPLIER: RATE_LIMIT_MULTIPLIER } });
  const platform = await running.platform;

  progress(`seeding one tenant, one artist and its ${options.scenario === 'write' ? 'artist' : 'owner'} key`);
  const tenant = await admin(platform, 'tenant', 'create', '--slug', 'bench', '--name', 'Bench Records');
  const artist = await admin(platform, 'artist', 'create', '--tenant', 'bench', '--name', 'Bench Artist', '--slug', 'bench-artist');
  // Releases are created from an artist's account (the spec's rule); reads use an owner key.
  const key =
    options.scenario === 'write'
      ? await admin(platform, 'key', 'create', '--tenant', 'bench', '--role', 'artist', '--artist', String(artist.artist?.uuid))
      : await admin(platform, 'key', 'create', '--tenant', 'bench', '--role', 'owner');
  const tenantId = String(tenant.tenant?.uuid);
  const artistId = String(artist.artist?.uuid);
  const apiKey = String(key.key);

  const bare = await startBare(platform.db.url, tenantId);
  const write = options.scenario === 'write';
  // Every write creates one more draft release of the seeded artist (each gets its own UPC).
  const releaseBody = JSON.stringify({ title: 'Bench Single', type: 'single', release_date: '2027-01-15', genre: 'Pop', artist_id: artistId });
  const json = { accept: 'application/json', 'content-type': 'application/json' };
  const gatewayJob: Omit<LoadJob, 'connections' | 'durationSeconds'> = write
    ? { url: `${platform.baseUrl}/v1/releases`, method: 'POST', body: releaseBody, headers: { ...json, authorization: `Bearer ${apiKey}` } }
    : { url: `${platform.baseUrl}/v1/artists/${artistId}`, method: 'GET', headers: { accept: 'application/json', authorization: `Bearer ${apiKey}` } };
  const bareJob: Omit<LoadJob, 'connections' | 'durationSeconds'> = write
    ? { url: `${bare.url}/releases`, method: 'POST', body: releaseBody, headers: json }
    : { url: `${bare.url}/artists/${artistId}`, method: 'GET', headers: { accept: 'application/json' } };
  for (const job of [gatewayJob, bareJob]) {
    if (new URL(job.url).hostname !== '127.0.0.1') throw new Error(`refusing to send load anywhere but 127.0.0.1: ${job.url}`);
  }
  const checked = await checkOnce(gatewayJob, artistId, (body) => (write ? body?.release?.artist?.uuid ?? body?.release?.artist_id : body?.artist?.uuid));
  await checkOnce(bareJob, artistId, (body) => (write ? body?.release?.artist_id : body?.artist?.id));
  const rateLimit = checked.headers.get('x-ratelimit-limit');

  const pidOf = (child: ChildProcess | undefined) => (child?.pid === undefined ? [] : [child.pid]);
  const shared: ProcessGroups = {
    'nats-server': () => pidsNamed('nats-server'),
    postgres: () => pidsNamed('postgres'),
    'load generator': () => [process.pid],
  };
  const measure = async (name: string, job: Omit<LoadJob, 'connections' | 'durationSeconds'>, processes: ProcessGroups): Promise<Measured> => {
    if (options.warmupSeconds > 0) {
      progress(`${name}: warm-up ${options.warmupSeconds} s (discarded)`);
      await runLoad({ ...job, connections: options.connections, durationSeconds: options.warmupSeconds });
    }
    progress(`${name}: ${options.durationSeconds} s with ${options.connections} connections`);
    const stopCpu = measureCpu(processes);
    const stats = await runLoad({ ...job, connections: options.connections, durationSeconds: options.durationSeconds });
    return { stats, cpu: perResponse(stopCpu(), stats.responses) };
  };
  const gatewayRun = await measure('gateway', gatewayJob, {
    gateway: () => platform.gateways.flatMap((gateway) => pidOf(gateway.process.child)),
    catalogue: () => pidOf(platform.catalogue?.child),
    ...shared,
  });
  // The read again with the cache bypassed, as a client asking for a fresh answer does: the
  // path a first read, or a read after a change, takes.
  const uncachedRun = write
    ? undefined
    : await measure('uncached', { ...gatewayJob, headers: { ...gatewayJob.headers, 'cache-control': 'no-cache' } }, {
        gateway: () => platform.gateways.flatMap((gateway) => pidOf(gateway.process.child)),
        catalogue: () => pidOf(platform.catalogue?.child),
        ...shared,
      });
  const bareRun = await measure('bare', bareJob, { bare: () => pidOf(bare.child), ...shared });
  const gateway = gatewayRun.stats;
  const bareStats = bareRun.stats;

  const ratio = ratioOf(gateway, bareStats);
  const uncached = uncachedRun ? { stats: uncachedRun.stats, ratio: ratioOf(uncachedRun.stats, bareStats) } : undefined;
  process.stdout.write(renderTable(options, rateLimit, gateway, bareStats, ratio, uncached));
  process.stdout.write(renderCpu([['gateway', gatewayRun.cpu], ...(uncachedRun ? [['uncached', uncachedRun.cpu] as [string, Record<string, number>]] : []), ['bare', bareRun.cpu]]));
  process.stdout.write(
    `${JSON.stringify({
      benchmark: SCENARIO_NAME[options.scenario],
      path: SCENARIO_PATH[options.scenario],
      connections: options.connections,
      duration_s: options.durationSeconds,
      warmup_s: options.warmupSeconds,
      node: process.version,
      cpus: cpus().length,
      gateway_rate_limit: rateLimit === null ? null : Number(rateLimit),
      gateway,
      ...(uncached ? { uncached: uncached.stats } : {}),
      bare: bareStats,
      ratio,
      ...(uncached ? { uncached_ratio: uncached.ratio } : {}),
      cpu_ms_per_response: { gateway: gatewayRun.cpu, ...(uncachedRun ? { uncached: uncachedRun.cpu } : {}), bare: bareRun.cpu },
    })}\n`,
  );
};

// ---------------------------------------------------------------------------------------------
// Entry

if (!isMainThread) {
  runLoadWorker(workerData as LoadJob);
} else if (process.env.SV_BENCH_ROLE === 'bare-server') {
  runBareServer().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
} else {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      progress(`${signal}: stopping`);
      void exitAfterCleanup(signal === 'SIGINT' ? 130 : 143);
    });
  }
  main().then(
    () => exitAfterCleanup(0),
    (error: unknown) => {
      // After a signal, the load generator's termination surfaces here; that is no failure.
      if (cleaning) return;
      progress(`failed: ${(error as Error).message ?? String(error)}`);
      return exitAfterCleanup(1);
    },
  );
}
