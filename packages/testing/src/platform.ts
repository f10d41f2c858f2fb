import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { eventStreamName } from '@sv/contracts';
import { TEST_NATS_URL, createTestDatabase, uniqueSubjectPrefix, type TestDatabase } from './isolation.ts';
import { connectTestNats, localBusEnv } from './local-bus.ts';
import { REPO_ROOT, spawnServiceProcess, type ServiceProcess } from './service-process.ts';

export const SERVICE_ENTRY = {
  gateway: 'services/gateway/src/main.ts',
  catalogue: 'services/catalogue/src/main.ts',
  'supply-chain': 'services/supply-chain/src/main.ts',
  webhooks: 'services/webhooks/src/main.ts',
  delivery: 'services/delivery/src/main.ts',
  ingestion: 'services/ingestion/src/main.ts',
  royalties: 'services/royalties/src/main.ts',
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
  startCatalogue(): Promise<ServiceProcess>;
  startSupplyChain(): Promise<ServiceProcess>;
  startWebhooks(): Promise<ServiceProcess>;
  /** The delivery service; `extraEnv` adds to the platform's environment (transport, timings). */
  startDelivery(extraEnv?: Record<string, string>): Promise<ServiceProcess>;
  /** The ingestion service; `extraEnv` adds to the platform's environment (worker timings). */
  startIngestion(extraEnv?: Record<string, string>): Promise<ServiceProcess>;
  /** The royalties service; it asks the catalogue (tracks, artists) and the gateway (users). */
  startRoyalties(extraEnv?: Record<string, string>): Promise<ServiceProcess>;
  startGateway(extraEnv?: Record<string, string>): Promise<{ process: ServiceProcess; url: string }>;
  admin(...args: string[]): Promise<AdminResult>;
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
  gateways?: number;
  env?: Record<string, string>;
}

/** Runs the operator command as an operator would, against the given environment variables. */
export const runAdmin = (env: Record<string, string>, args: string[]): Promise<AdminResult> =>
  new Promise((resolveRun, rejectRun) => {
    const child = spawn(process.execPath, [resolve(REPO_ROOT, SERVICE_ENTRY.admin), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
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
  });

/** The run's event stream (created by its services) goes with it: nothing reads it any more. */
const deleteEventStream = async (environment: 'production' | 'sandbox', subjectPrefix: string): Promise<void> => {
  const nc = await connectTestNats(environment).catch(() => undefined);
  if (!nc) return;
  try {
    await (await jetstreamManager(nc)).streams.delete(eventStreamName(subjectPrefix)).catch(() => false);
  } finally {
    await nc.close();
  }
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
    admin: (...args) => runAdmin({ ...env, ...localBusEnv(environment, 'admin') }, args),
    async adminOk(...args) {
      const result = await runAdmin({ ...env, ...localBusEnv(environment, 'admin') }, args);
      if (result.code !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}`);
      return result.json;
    },
    async stop() {
      await Promise.allSettled(processes.map((child) => child.stop()));
      await db.drop();
      await rm(blobDir, { recursive: true, force: true });
      await deleteEventStream(environment, subjectPrefix);
    },
  };

  try {
    if (options.catalogue !== false) await platform.startCatalogue();
    if (options.supplyChain) await platform.startSupplyChain();
    if (options.webhooks) await platform.startWebhooks();
    if (options.delivery) await platform.startDelivery();
    if (options.ingestion) await platform.startIngestion();
    if (options.royalties) await platform.startRoyalties();
    for (let i = 0; i < (options.gateways ?? 1); i++) await platform.startGateway();
  } catch (error) {
    await platform.stop();
    throw error;
  }
  return platform;
};
