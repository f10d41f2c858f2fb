import { openBlobStore, startScheduledJob, startServiceRuntime, type ServiceDefinition, type ServiceRuntime, type WorkQueue } from '@sv/platform';
import { validateUploadedAudio } from './app/audio-validator/audio-validator.ts';
import { pollAcknowledgements } from './app/lifecycle/ack-poller.ts';
import { startQcWorker } from './app/qc/qc-worker.ts';
import { startDeliveryQueue } from './app/queue/delivery-queue.ts';
import { watchDeliveryQueue } from './app/queue/queue-metrics.ts';
import { lazyErnValidators } from './app/queue/ern-validators.ts';
import { sessionOpener } from './app/transports/open-session.ts';
import type { DeliveryConfig } from './config.ts';
import { DELIVERY_ENTITIES, DELIVERY_MIGRATIONS, DELIVERY_SCHEMA } from './db/index.ts';
import type { DeliveryContext } from './delivery-context.ts';
import { catalogueClient } from './nats/clients/catalogue.client.ts';
import { serviceCaller } from '@sv/platform';
import { supplyChainClient } from './nats/clients/supply-chain.client.ts';
import { tenantPartyClient } from './nats/clients/tenant-party.client.ts';
import { deliveryConsumers } from './nats/consumers.ts';
import { deliveryOperations } from './nats/operations.ts';
import { sendDepsOf } from './nats/send-deps.ts';

/**
 * Starts delivery: migrations, the ERN validators (one per version, compiled on first use), NATS
 * operations and consumers, the outbox relay, and its workers: QC, the delivery queue, the
 * acknowledgement poller and the audio validator.
 */
export const startDelivery = async (config: DeliveryConfig): Promise<ServiceRuntime> => {
  const blobs = openBlobStore(config.blobStore, config.cdnUrl);
  const validators = lazyErnValidators();
  const jobs: { stop(): Promise<void> }[] = [];
  /** Started once the runtime is up; consumers and handlers wake them through the context. */
  const workers: { deliveries?: WorkQueue; qc?: WorkQueue } = {};
  let context: DeliveryContext | undefined;
  const contextOf = (runtime: ServiceRuntime): DeliveryContext => {
    if (context) return context;
    const caller = serviceCaller(runtime.nc, config.subjectPrefix, config.serviceTimeoutMs);
    context = {
      orm: runtime.orm,
      config,
      logger: runtime.logger,
      blobs: blobs.store,
      catalogue: catalogueClient(caller),
      supplyChain: supplyChainClient(caller),
      parties: tenantPartyClient(caller),
      validators,
      openSession: sessionOpener(config.endpoints, config.sftpTimeoutMs),
      wakeDeliveries: () => workers.deliveries?.wake(),
      wakeQc: () => workers.qc?.wake(),
    };
    return context;
  };
  const definition: ServiceDefinition = {
    service: 'delivery',
    schema: DELIVERY_SCHEMA,
    entities: DELIVERY_ENTITIES,
    migrations: DELIVERY_MIGRATIONS,
    operations: (runtime) => deliveryOperations(contextOf(runtime)),
    consumers: (runtime) => deliveryConsumers(contextOf(runtime), runtime),
  };
  const runtime = await startServiceRuntime(definition, { config, healthPort: config.healthPort });
  const ready = contextOf(runtime);
  const { logger, orm } = runtime;
  const evidence = { blobs: blobs.store, binaries: config.ffmpeg, maxAudioBytes: config.ffmpeg.maxAudioBytes };
  const qcDeps = { ...evidence, catalogue: ready.catalogue, supplyChain: ready.supplyChain, logger };
  const { maxAttempts: qcAttempts, ...qcRetry } = config.qcRetry;
  const qc = startQcWorker(orm, qcDeps, { tickMs: config.qcTickMs, leaseMs: config.leaseMs, maxAttempts: qcAttempts, retry: qcRetry }, logger);
  const deliveries = startDeliveryQueue(orm, sendDepsOf(ready), { tickMs: config.tickMs, leaseMs: config.leaseMs, concurrency: 4 }, logger);
  Object.assign(workers, { qc, deliveries });
  jobs.push(
    qc,
    deliveries,
    watchDeliveryQueue(orm),
    // Leased: a pass reads every store's acknowledgement folder; two at once would apply the same files.
    startScheduledJob({
      name: 'ack-poller',
      intervalMs: config.ackPollMs,
      lease: { orm },
      logger,
      run: async () => void (await pollAcknowledgements({ orm, catalogue: ready.catalogue, openSession: ready.openSession, logger })),
    }),
    // Leased: a pass takes the pending checks without claiming them; two at once would decode the same files.
    startScheduledJob({
      name: 'audio-validator',
      intervalMs: config.audioValidatorMs,
      lease: { orm },
      logger,
      run: async () => void (await validateUploadedAudio({ ...evidence, orm, logger })),
    }),
  );
  return {
    ...runtime,
    async stop() {
      await Promise.allSettled(jobs.map((job) => job.stop()));
      await runtime.stop();
      validators.dispose();
      blobs.close();
    },
  };
};
