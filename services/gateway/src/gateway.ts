import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createKeepAliveServer, openBlobStore, startScheduledJob, startServiceRuntime, type ScheduledJob, type ServiceRuntime } from '@sv/platform';
import { IdempotencyService, pruneIdempotencyRecords } from './app/idempotency/idempotency.service.ts';
import { idempotencySealingKey } from './app/idempotency/response-sealing.ts';
import { createRequestCounter, pruneRateLimitWindows } from './app/rate-limit/rate-limiter.ts';
import { ApiKeyCache } from './app/auth/api-key-cache.ts';
import { loadApiKeyRecord } from './app/auth/authenticate-api-key.ts';
import { CREDENTIAL_CACHE_MAX_ENTRIES, CREDENTIAL_CACHE_TTL_MS } from './app/auth/credential-cache-settings.ts';
import { listenForAccessChanges } from './nats/access-changes.ts';
import { listenForCatalogueChanges } from './nats/catalogue-changes.ts';
import { ResponseCache } from './app/response-cache/response-cache.ts';
import { watchResponseCache } from './app/response-cache/response-cache-metrics.ts';
import type { GatewayConfig } from './config.ts';
import { GATEWAY_ENTITIES, GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from './db/index.ts';
import { createGatewayApp } from './http/app.ts';
import { createLocalCdnApp } from './http/local-cdn.ts';
import { startMailRelay } from './app/mail/mail-relay.ts';
import { dnsDomainProof } from './app/tenants/domain-proof.ts';
import { gatewayOperations } from './nats/operations.ts';

export interface RunningGateway {
  runtime: ServiceRuntime;
  /** Base address of the API, e.g. http://127.0.0.1:8080 (sandbox: …/api). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A larger answer (a long list page) is read again each time rather than crowd out many small ones. */
const RESPONSE_CACHE_MAX_ENTRY_BYTES = 256 * 1024;

/** `reusePort`: replicas on one host share the port (SO_REUSEPORT) and the kernel spreads connections over them. */
const listen = (app: express.Express, host: string, port: number, reusePort = false): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createKeepAliveServer(app);
    server.once('error', reject);
    server.listen({ port, host, reusePort }, () => {
      server.off('error', reject);
      resolve(server);
    });
  });

const closeServer = (server: Server | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** Housekeeping every minute: old rate-limit windows and expired idempotency records go. */
const startHousekeeping = (runtime: ServiceRuntime): ScheduledJob =>
  startScheduledJob({
    name: 'gateway-housekeeping',
    intervalMs: 60_000,
    // Leased: one replica deleting the old rows is enough.
    lease: { orm: runtime.orm },
    logger: runtime.logger,
    run: async () => {
      await pruneRateLimitWindows(runtime.orm.em.fork());
      await pruneIdempotencyRecords(runtime.orm.em.fork());
    },
  });

/** Starts one gateway: its schema, NATS, the HTTP edge and (optionally) the local CDN. */
export const startGateway = async (config: GatewayConfig): Promise<RunningGateway> => {
  const runtime = await startServiceRuntime(
    {
      service: 'gateway',
      schema: GATEWAY_SCHEMA,
      entities: GATEWAY_ENTITIES,
      migrations: GATEWAY_MIGRATIONS,
      operations: (runtime) => gatewayOperations(runtime.orm),
    },
    { config, healthPort: config.healthPort },
  );
  const blobs = openBlobStore(config.blobStore, config.cdnUrl);
  const apiKeys = new ApiKeyCache({
    load: (prefix) => loadApiKeyRecord(runtime.orm.em.fork(), prefix),
    ttlMs: CREDENTIAL_CACHE_TTL_MS,
    maxEntries: CREDENTIAL_CACHE_MAX_ENTRIES,
  });
  const accessChanges = listenForAccessChanges(
    runtime.nc,
    config.subjectPrefix,
    { tenantChanged: (tenantId) => apiKeys.dropTenant(tenantId), mayHaveMissedChanges: () => apiKeys.clear() },
    runtime.logger,
  );
  const responses = new ResponseCache({ ...config.responseCache, maxEntryBytes: RESPONSE_CACHE_MAX_ENTRY_BYTES });
  const cacheGauge = watchResponseCache(responses);
  const catalogueChanges = listenForCatalogueChanges(
    runtime.nc,
    config.subjectPrefix,
    { tenantChanged: (tenantId) => responses.dropTenant(tenantId), mayHaveMissedChanges: () => responses.clear() },
    runtime.logger,
  );
  let port = config.httpPort;
  const app = createGatewayApp({
    environment: config.env,
    version: config.version,
    basePath: config.basePath,
    docsUrl: config.docsUrl,
    subjectPrefix: config.subjectPrefix,
    serviceTimeoutMs: config.serviceTimeoutMs,
    publicOrigin: () => config.publicUrl ?? `http://${config.httpHost}:${port}`,
    trustedProxies: config.trustedProxies,
    corsOrigins: config.corsOrigins,
    rateLimitMultiplier: config.rateLimitMultiplier,
    rateCounter: createRequestCounter(runtime.orm),
    apiKeys: apiKeys.lookup,
    sessions: config.sessions,
    orm: runtime.orm,
    nc: runtime.nc,
    blobs: blobs.store,
    idempotency: new IdempotencyService(runtime.orm, { sealingKey: idempotencySealingKey(config.sessions.secret) }),
    domainProof: dnsDomainProof(config.dnsResolvers),
    responses,
    logger: runtime.logger,
  });
  const server = await listen(app, config.httpHost, config.httpPort, config.httpReusePort);
  port = (server.address() as AddressInfo).port;

  let cdn: Server | undefined;
  if (config.cdnPort !== undefined && blobs.local !== undefined) {
    cdn = await listen(createLocalCdnApp(blobs.local, runtime.logger), config.httpHost, config.cdnPort);
  } else if (config.cdnPort !== undefined) {
    runtime.logger.warn({ cdnPort: config.cdnPort }, 'SV_CDN_PORT ignored: S3 blobs are served from the bucket (SV_CDN_URL)');
  }
  const housekeeping = startHousekeeping(runtime);
  const mailRelay = startMailRelay(runtime, config.sessions.secret, config.mail);
  const url = `http://${config.httpHost}:${port}${config.basePath}`;
  runtime.logger.info({ url }, 'gateway listening');

  return {
    runtime,
    url,
    port,
    async stop() {
      await housekeeping.stop();
      await mailRelay.stop();
      await Promise.all([closeServer(server), closeServer(cdn)]);
      accessChanges.stop();
      catalogueChanges.stop();
      cacheGauge.stop();
      blobs.close();
      await runtime.stop();
    },
  };
};
