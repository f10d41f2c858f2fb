import { startServiceRuntime, type ServiceDefinition, type ServiceRuntime } from '@sv/platform';
import { cachedDspSlugs } from './app/event-types/event-types.service.ts';
import type { WebhooksConfig } from './config.ts';
import { WEBHOOKS_ENTITIES, WEBHOOKS_MIGRATIONS, WEBHOOKS_SCHEMA } from './db/index.ts';
import { dspSlugsClient } from './nats/clients/dsp-slugs.client.ts';
import { webhooksOperations } from './nats/operations.ts';
import type { WebhooksContext } from './webhooks-context.ts';

/** Starts the webhooks service: migrations, NATS operations, outbox relay and probe listener. */
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
  };
  return startServiceRuntime(definition, { config, healthPort: config.healthPort, relay: options.relay });
};
