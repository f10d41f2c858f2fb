import {
  catalogueRecordingCodes,
  openBlobStore,
  recordingCodeProjection,
  serviceCaller,
  startServiceRuntime,
  type ServiceDefinition,
  type ServiceRuntime,
} from '@sv/platform';
import type { AnalyticsContext } from './analytics-context.ts';
import type { AnalyticsConfig } from './config.ts';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS, ANALYTICS_SCHEMA } from './db/index.ts';
import { catalogueClient } from './nats/clients/catalogue.client.ts';
import { royaltiesClient } from './nats/clients/royalties.client.ts';
import { analyticsConsumers } from './nats/consumers.ts';
import { analyticsOperations } from './nats/operations.ts';

/** Starts the analytics service: migrations, NATS operations and consumers, and its probe listener. */
export const startAnalytics = async (config: AnalyticsConfig, options: { relay?: boolean } = {}): Promise<ServiceRuntime> => {
  const blobs = openBlobStore(config.blobStore, config.cdnUrl);
  let context: AnalyticsContext | undefined;
  const contextOf = (runtime: ServiceRuntime): AnalyticsContext => {
    const caller = serviceCaller(runtime.nc, config.subjectPrefix, config.serviceTimeoutMs);
    return (context ??= {
      orm: runtime.orm,
      config,
      logger: runtime.logger,
      blobs: blobs.store,
      catalogue: catalogueClient(caller),
      royalties: royaltiesClient(caller),
      recordingCodes: recordingCodeProjection({ orm: runtime.orm, schema: ANALYTICS_SCHEMA, source: catalogueRecordingCodes(caller, 'analytics') }),
    });
  };

  const definition: ServiceDefinition = {
    service: 'analytics',
    schema: ANALYTICS_SCHEMA,
    entities: ANALYTICS_ENTITIES,
    migrations: ANALYTICS_MIGRATIONS,
    operations: (runtime) => analyticsOperations(contextOf(runtime)),
    consumers: (runtime) => analyticsConsumers(runtime, contextOf(runtime)),
  };
  const runtime = await startServiceRuntime(definition, { config, healthPort: config.healthPort, relay: options.relay });
  return {
    ...runtime,
    async stop() {
      await runtime.stop();
      blobs.close();
    },
  };
};
