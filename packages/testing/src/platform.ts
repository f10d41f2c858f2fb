import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { eventStreamName } from '@sv/contracts';
import { TEST_NATS_URL, createTestDatabase, uniqueSubjectPrefix, type TestDatabase } from './isolation.ts';
import { adminBatchClient } from './admin-batch-client.ts';
import { connectTestNats, localBusEnv } from './local-bus.ts';
import { REPO_ROOT, childProcessEnv, spawnServiceProcess, type ServiceProcess } from './service-process.ts';

export const SERVICE_ENTRY = {
  gateway: 'services/gateway/src/main.ts',
  catalogue: 'services/catalogue/src/main.ts',
  'supply-chain': 'services/supply-chain/src/main.ts',
  webhooks: 'services/webhooks/src/main.ts',
  delivery: 'services/delivery/src/main.ts',
  ingestion: 'services/ingestion/src/main.ts',
  royalties: 'services/royalties/src/main.ts',
  analytics: 'services/analytics/src/main.ts',
  admin: 'services/gateway/src/admin/main.ts',
} as const;

export interface AdminResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON on success, stderr parsed on failure. */
  json: Record<string, any>;
}

export interface TestPlatform {
  environment: 'production' | 'sandbox';
  db: TestDatabase;
  subjectPrefix: string;
  /** Environment every process of this platform runs with. */
  env: Record<string, string>;
  gateways: { process: ServiceProcess; url: string }[];
  /** Base URL of the first gateway, e.g. http://127.0.0.1:41234 (sandbox: …/api). */
  baseUrl: string;
  catalogue: ServiceProcess | undefined;
  supplyChain: ServiceProcess | undefined;
  webhooks: ServiceProcess | undefined;
  delivery: ServiceProcess | undefined;
  ingestion: ServiceProcess | undefined;
  royalties: ServiceProcess | undefined;
  analytics: ServiceProcess | undefined;
  startCatalogue(): Promise<ServiceProcess>;
  startSupplyChain(): Promise<ServiceProcess>;
  startWebhooks(): Promise<ServiceProcess>;
  /** The delivery service; `extraEnv` adds to the platform's environment (transport, timings). */
  startDelivery(extraEnv?: Record<string, string>): Promise<ServiceProcess>;
  /** The ingestion service; `extraEnv` adds to the platform's environment (worker timings). */
  startIngestion(extraEnv?: Record<string, string>): Promise<ServiceProcess>;
  /** The royalties service; it asks the catalogue (tracks, artists) and the gateway (users). */
  startRoyalties(extraEnv?: Record<string, string>): Promise<ServiceProcess>;
  /** The analytics service; it asks the catalogue (releases, report matching) and royalties (statement facts). */
  startAnalytics(extraEnv?: Record<string, string>): Promise<ServiceProcess>;
  startGateway(extraEnv?: Record<string, string>): Promise<{ process: ServiceProcess; url: string }>;
  /** An operator command, run by the platform's one `admin batch` process: what the one-shot command would print and exit with. */
  admin(...args: string[]): Promise<AdminResult>;
  /** The operator command as its own process (`npm run -s admin -- …`), for tests of the command itself. */
  adminCli(...args: string[]): Promise<AdminResult>;
  /** `admin batch` as its own process, fed `lines`: its exit code and output. */
  adminBatchCli(lines: string[]): Promise<AdminResult>;
  /** Runs the operator command and returns its JSON output; throws when it exits non-zero. */
  adminOk(...args: string[]): Promise<Record<string, any>>;
  stop(): Promise<void>;
}

export interface PlatformOptions {
  environment?: 'production' | 'sandbox';
  /** Start the catalogue too (default true). */
  catalogue?: boolean;
  /** Start supply-chain too (default false): store selection and the submit gate need it. */
  supplyChain?: boolean;
  /** Start the webhooks service too (default false); its event catalogue asks supply-chain. */
  webhooks?: boolean;
  /** Start the delivery service too (default false); it needs the catalogue and supply-chain. */
  delivery?: boolean;
  /** Start the ingestion service too (default false); it needs the catalogue. */
  ingestion?: boolean;
  /** Start the royalties service too (default false); it needs the catalogue. */
  royalties?: boolean;
  /** Start the analytics service too (default false); it needs the catalogue. */
  analytics?: boolean;
  gateways?: number;
  env?: Record<string, string>;
}

/**
 * Runs the operator command as an operator would, against the given environment variables; `stdin`
 * (for `batch`) is written to it and closed.
 */
export const runAdmin = (env: Record<string, string>, args: string[], stdin = ''): Promise<AdminResult> =>
  new Promise((resolveRun, rejectRun) => {
    const child = spawn(process.execPath, [resolve(REPO_ROOT, SERVICE_ENTRY.admin), ...args], {
      cwd: REPO_ROOT,
      env: childProcessEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', rejectRun);
    // 'close', not 'exit': only then has all of stdout been read (under load 'exit' comes first).
    child.once('close', (code) => {
      const source = code === 0 ? stdout : stderr;
      let json: Record<string, any> = {};
      try {
        json = JSON.parse(source.trim().split('\n').at(-1) ?? '{}') as Record<string, any>;
      } catch {
        json = { unparsed: source };
      }
      resolveRun({ code: code ?? 1, stdout, stderr, json });
    });
    child.stdin.end(stdin);
  });

/** Runs the phases one after another and returns how long each took, in ms. */
const timedPhases = async (phases: Record<string, () => Promise<unknown>>): Promise<Record<string, number>> => {
  const took: Record<string, number> = {};
  for (const [name, run] of Object.entries(phases)) {
    const started = performance.now();
    await run();
    took[name] = Math.round(performance.now() - started);
  }
  return took;
};

/** A stop slower than this is reported with its phases, so a slow teardown says where it waited. */
const SLOW_STOP_MS = 20_000;

const reportSlowStop = (label: string, phases: Record<string, number>): void => {
  const total = Object.values(phases).reduce((sum, ms) => sum + ms, 0);
  if (total < SLOW_STOP_MS) return;
  process.stderr.write(`platform ${label} took ${total} ms to stop: ${JSON.stringify(phases)}\n`);
};

/** How long a stop waits for the stream's deletion; a slower one finishes in the background. */
const STREAM_DELETE_WAIT_MS = 10_000;

/**
 * The run's event stream (created by its services) goes with it: nothing reads it any more. A
 * shared NATS server on a loaded machine has been seen to take a minute to accept a connection, so
 * the stop waits a bounded time and says which step was slow; the deletion itself goes on.
 */
const deleteEventStream = async (environment: 'production' | 'sandbox', subjectPrefix: string): Promise<void> => {
  const steps: Record<string, number> = {};
  let started = performance.now();
  const step = (name: string) => {
    steps[name] = Math.round(performance.now() - started);
    started = performance.now();
  };
  const deletion = (async () => {
    const nc = await connectTestNats(environment).catch(() => undefined);
    step('connect');
    if (!nc) return;
    try {
      await (await jetstreamManager(nc)).streams.delete(eventStreamName(subjectPrefix)).catch(() => false);
      step('delete');
    } finally {
      await nc.close();
      step('close');
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    deletion.then(() => true),
    new Promise<false>((resolveWait) => (timer = setTimeout(() => resolveWait(false), STREAM_DELETE_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!waited) process.stderr.write(`stream ${eventStreamName(subjectPrefix)} not deleted within ${STREAM_DELETE_WAIT_MS} ms (steps done: ${JSON.stringify(steps)}); left to finish\n`);
};

/**
 * A whole platform for one test file: its own database and subject prefix, and real service
 * processes (catalogue, one or more gateways) speaking to the real Postgres and NATS.
 */
export const startPlatform = async (options: PlatformOptions = {}): Promise<TestPlatform> => {
  const environment = options.environment ?? 'production';
  const db = await createTestDatabase(environment === 'sandbox' ? 'svsb' : 'sv');
  const subjectPrefix = uniqueSubjectPrefix();
  const blobDir = await mkdtemp(join(tmpdir(), 'sv-blobs-'));
  const env: Record<string, string> = {
    SV_ENV: environment,
    SV_DATABASE_URL: db.url,
    SV_NATS_URL: TEST_NATS_URL,
    SV_SUBJECT_PREFIX: subjectPrefix,
    SV_BLOB_DIR: blobDir,
    SV_CDN_URL: 'http://127.0.0.1:8083',
    SV_HTTP_PORT: '0',
    SV_HEALTH_PORT: '0',
    SV_ALLOW_PRIVATE_URLS: '1',
    // Tests run with the built-in development secrets and placeholder identifiers.
    SV_LOCAL_DEVELOPMENT: '1',
    ...options.env,
  };
  const processes: ServiceProcess[] = [];
  const adminBatch = adminBatchClient(SERVICE_ENTRY.admin, { ...env, ...localBusEnv(environment, 'admin') });

  const platform: TestPlatform = {
    environment,
    db,
    subjectPrefix,
    env,
    gateways: [],
    baseUrl: '',
    catalogue: undefined,
    supplyChain: undefined,
    webhooks: undefined,
    delivery: undefined,
    ingestion: undefined,
    royalties: undefined,
    analytics: undefined,
    async startDelivery(extraEnv = {}) {
      const delivery = spawnServiceProcess('delivery', SERVICE_ENTRY.delivery, {
        SV_DELIVERY_DIR: join(blobDir, 'delivery'),
        // Production refuses the development DPID: tests run as a platform with its own.
        SV_DDEX_PARTY_ID: 'PADPIDA2026TESTS01',
        SV_DELIVERY_TRANSPORT: 'directory',
        ...env,
        ...localBusEnv(environment, 'delivery'),
        ...extraEnv,
      });
      processes.push(delivery);
      await delivery.waitForLog((line) => line.msg === 'delivery started');
      platform.delivery = delivery;
      return delivery;
    },
    async startSupplyChain() {
      const supplyChain = spawnServiceProcess('supply-chain', SERVICE_ENTRY['supply-chain'], { ...env, ...localBusEnv(environment, 'supply-chain') });
      processes.push(supplyChain);
      await supplyChain.waitForLog((line) => line.msg === 'supply-chain started');
      platform.supplyChain = supplyChain;
      return supplyChain;
    },
    async startIngestion(extraEnv = {}) {
      const ingestion = spawnServiceProcess('ingestion', SERVICE_ENTRY.ingestion, { ...env, ...localBusEnv(environment, 'ingestion'), ...extraEnv });
      processes.push(ingestion);
      await ingestion.waitForLog((line) => line.msg === 'ingestion started');
      platform.ingestion = ingestion;
      return ingestion;
    },
    async startRoyalties(extraEnv = {}) {
      const royalties = spawnServiceProcess('royalties', SERVICE_ENTRY.royalties, { ...env, ...localBusEnv(environment, 'royalties'), ...extraEnv });
      processes.push(royalties);
      await royalties.waitForLog((line) => line.msg === 'royalties started');
      platform.royalties = royalties;
      return royalties;
    },
    async startAnalytics(extraEnv = {}) {
      const analytics = spawnServiceProcess('analytics', SERVICE_ENTRY.analytics, { ...env, ...localBusEnv(environment, 'analytics'), ...extraEnv });
      processes.push(analytics);
      await analytics.waitForLog((line) => line.msg === 'analytics started');
      platform.analytics = analytics;
      return analytics;
    },
    async startWebhooks() {
      const webhooks = spawnServiceProcess('webhooks', SERVICE_ENTRY.webhooks, { ...env, ...localBusEnv(environment, 'webhooks') });
      processes.push(webhooks);
      await webhooks.waitForLog((line) => line.msg === 'webhooks started');
      platform.webhooks = webhooks;
      return webhooks;
    },
    async startCatalogue() {
      const catalogue = spawnServiceProcess('catalogue', SERVICE_ENTRY.catalogue, { ...env, ...localBusEnv(environment, 'catalogue') });
      processes.push(catalogue);
      await catalogue.waitForLog((line) => line.msg === 'catalogue started');
      platform.catalogue = catalogue;
      return catalogue;
    },
    async startGateway(extraEnv = {}) {
      const gateway = spawnServiceProcess(`gateway-${platform.gateways.length}`, SERVICE_ENTRY.gateway, { ...env, ...localBusEnv(environment, 'gateway'), ...extraEnv });
      processes.push(gateway);
      const line = await gateway.waitForLog((entry) => entry.msg === 'gateway listening');
      const started = { process: gateway, url: String(line.url) };
      platform.gateways.push(started);
      if (!platform.baseUrl) platform.baseUrl = started.url;
      return started;
    },
    admin: (...args) => adminBatch.run(args),
    adminCli: (...args) => runAdmin({ ...env, ...localBusEnv(environment, 'admin') }, args),
    adminBatchCli: (lines) => runAdmin({ ...env, ...localBusEnv(environment, 'admin') }, ['batch'], lines.map((line) => `${line}\n`).join('')),
    async adminOk(...args) {
      const result = await adminBatch.run(args);
      if (result.code !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}`);
      return result.json;
    },
    async stop() {
      const phases = await timedPhases({
        processes: () => Promise.allSettled([adminBatch.close(), ...processes.map((child) => child.stop())]),
        database: () => db.drop(),
        blobs: () => rm(blobDir, { recursive: true, force: true }),
        stream: () => deleteEventStream(environment, subjectPrefix),
      });
      reportSlowStop(db.name, phases);
    },
  };

  try {
    // The services do not wait on each other to start (each migrates its own schema and finds the
    // stream), so they boot together; the gateways come last, once every service answers.
    const starting: Promise<unknown>[] = [];
    if (options.catalogue !== false) starting.push(platform.startCatalogue());
    if (options.supplyChain) starting.push(platform.startSupplyChain());
    if (options.webhooks) starting.push(platform.startWebhooks());
    if (options.delivery) starting.push(platform.startDelivery());
    if (options.ingestion) starting.push(platform.startIngestion());
    if (options.royalties) starting.push(platform.startRoyalties());
    if (options.analytics) starting.push(platform.startAnalytics());
    const failed = (await Promise.allSettled(starting)).find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    for (let i = 0; i < (options.gateways ?? 1); i++) await platform.startGateway();
  } catch (error) {
    await platform.stop();
    throw error;
  }
  return platform;
};
