import { openBlobStore, startServiceRuntime, type ServiceDefinition, type ServiceRuntime } from '@sv/platform';
import { systemClock } from './app/releases/release-approved-sunset.ts';
import type { CatalogueContext } from './catalogue-context.ts';
import type { CatalogueConfig } from './config.ts';
import { CATALOGUE_ENTITIES, CATALOGUE_MIGRATIONS, CATALOGUE_SCHEMA } from './db/index.ts';
import { catalogueConsumers } from './nats/consumers.ts';
import { announceCatalogueChanges } from './nats/data-changes.ts';
import { storeSelectionClient } from './nats/clients/store-selection.client.ts';
import { tenantPlanClient } from './nats/clients/tenant-plan.client.ts';
import { catalogueOperations } from './nats/operations.ts';

/** Starts the catalogue: migrations, NATS operations and consumers, outbox relay and probe listener. */
export const startCatalogue = async (config: CatalogueConfig, options: { relay?: boolean } = {}): Promise<ServiceRuntime> => {
  const blobs = openBlobStore(config.blobStore, config.cdnUrl);
  let context: CatalogueContext | undefined;
  const contextOf = (runtime: ServiceRuntime): CatalogueContext =>
    (context ??= {
      orm: runtime.orm,
      config,
      blobs: blobs.store,
      logger: runtime.logger,
      stores: storeSelectionClient(runtime.nc, config.subjectPrefix, config.serviceTimeoutMs),
      plans: tenantPlanClient(runtime.nc, config.subjectPrefix, config.serviceTimeoutMs),
      clock: systemClock,
    });
  const definition: ServiceDefinition = {
    service: 'catalogue',
    schema: CATALOGUE_SCHEMA,
    entities: CATALOGUE_ENTITIES,
    migrations: CATALOGUE_MIGRATIONS,
    operations: (runtime) => catalogueOperations(contextOf(runtime)),
    consumers: (runtime) => catalogueConsumers(contextOf(runtime), runtime),
  };
  const runtime = await startServiceRuntime(definition, { config, healthPort: config.healthPort, relay: options.relay });
  const changes = announceCatalogueChanges(runtime.nc, config.subjectPrefix, config.databaseUrl, runtime.logger);
  return {
    ...runtime,
    async stop() {
      await changes.stop();
      await runtime.stop();
      blobs.close();
    },
  };
};
