import { startServiceRuntime, type ServiceDefinition, type ServiceRuntime } from '@sv/platform';
import type { CatalogueConfig } from './config.ts';
import { CATALOGUE_ENTITIES, CATALOGUE_MIGRATIONS, CATALOGUE_SCHEMA } from './db/index.ts';
import { catalogueOperations } from './nats/operations.ts';

export const catalogueDefinition: ServiceDefinition = {
  service: 'catalogue',
  schema: CATALOGUE_SCHEMA,
  entities: CATALOGUE_ENTITIES,
  migrations: CATALOGUE_MIGRATIONS,
  operations: (runtime) => catalogueOperations(runtime.orm),
};

/** Starts the catalogue: migrations, NATS operations, outbox relay and probe listener. */
export const startCatalogue = (config: CatalogueConfig, options: { relay?: boolean } = {}): Promise<ServiceRuntime> =>
  startServiceRuntime(catalogueDefinition, { config, healthPort: config.healthPort, relay: options.relay });
