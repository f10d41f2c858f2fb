import { startScheduledJob, startServiceRuntime, type EventConsumer, type ServiceDefinition, type ServiceRuntime } from '@sv/platform';
import { startDeliveryWorker, type DeliveryWorker } from './app/delivery/delivery-worker.ts';
import { watchWebhookQueue } from './app/delivery/delivery-metrics.ts';
import { pruneDeliveryHistory } from './app/delivery/history-retention.ts';
import { httpSender } from './app/delivery/http-sender.ts';
import { cachedDspSlugs } from './app/event-types/event-types.service.ts';
import type { WebhooksConfig } from './config.ts';
import { WEBHOOKS_ENTITIES, WEBHOOKS_MIGRATIONS, WEBHOOKS_SCHEMA } from './db/index.ts';
import { dspSlugsClient } from './nats/clients/dsp-slugs.client.ts';
import { startFanOutConsumer } from './nats/fan-out.consumer.ts';
import { webhooksOperations } from './nats/operations.ts';
import type { WebhooksContext } from './webhooks-context.ts';

/** The response bytes kept in the attempt log. */
const EXCERPT_BYTES = 1024;
/** A lease outlives the slowest attempt by this much without renewal (the queue renews it while the attempt runs). */
const LEASE_MARGIN_MS = 30_000;

/** The delivery loop, stopped with the service like a consumer (before the ORM closes). */
const deliveryWorkerOf = (runtime: ServiceRuntime, config: WebhooksConfig): DeliveryWorker => {
  const { delivery } = config;
  return startDeliveryWorker(
    runtime.orm,
    {
      send: httpSender({
        timeoutMs: delivery.timeoutMs,
        allowPrivateUrls: config.allowPrivateUrls,
        userAgent: 'sv-webhooks/1',
        excerptBytes: EXCERPT_BYTES,
      }),
      secretKey: config.secretKey,
      // The kit's backoff policy (base and cap), plus the window and the attempt cap of a delivery.
      policy: { baseMs: delivery.retryBaseMs, capMs: delivery.retryCapMs, windowMs: delivery.retryWindowMs, maxAttempts: delivery.maxAttempts },
      now: () => Date.now(),
    },
    {
      tickMs: delivery.tickMs,
      concurrency: delivery.concurrency,
      perSubscription: delivery.perSubscription,
      leaseMs: delivery.timeoutMs + LEASE_MARGIN_MS,
    },
    runtime.logger,
  );
};

const HOUR_MS = 3_600_000;

/** Hourly, the delivery history past its retention is dropped. */
const historyRetentionOf = (runtime: ServiceRuntime, config: WebhooksConfig): EventConsumer =>
  startScheduledJob({
    name: 'webhook-history-retention',
    intervalMs: HOUR_MS,
    // Leased: one replica deleting the old history is enough.
    lease: { orm: runtime.orm },
    logger: runtime.logger,
    run: async () => {
      const pruned = await pruneDeliveryHistory(runtime.orm.em.fork(), new Date(Date.now() - config.delivery.retentionDays * 24 * HOUR_MS));
      if (pruned.attempts + pruned.deliveries > 0) runtime.logger.info(pruned, 'delivery history pruned');
    },
  });

/** Starts the webhooks service: migrations, NATS operations, the fan-out consumer, the delivery worker, outbox relay and probe listener. */
export const startWebhooks = async (config: WebhooksConfig, options: { relay?: boolean } = {}): Promise<ServiceRuntime> => {
  let context: WebhooksContext | undefined;
  const contextOf = (runtime: ServiceRuntime): WebhooksContext =>
    (context ??= {
      orm: runtime.orm,
      config,
      logger: runtime.logger,
      dsps: cachedDspSlugs(dspSlugsClient(runtime.nc, config.subjectPrefix, config.serviceTimeoutMs)),
    });

  const definition: ServiceDefinition = {
    service: 'webhooks',
    schema: WEBHOOKS_SCHEMA,
    entities: WEBHOOKS_ENTITIES,
    migrations: WEBHOOKS_MIGRATIONS,
    operations: (runtime) => webhooksOperations(contextOf(runtime)),
    consumers: async (runtime) => {
      const worker = deliveryWorkerOf(runtime, config);
      return [await startFanOutConsumer(runtime, () => worker.wake()), worker, historyRetentionOf(runtime, config), watchWebhookQueue(runtime.orm)];
    },
  };
  return startServiceRuntime(definition, { config, healthPort: config.healthPort, relay: options.relay });
};
