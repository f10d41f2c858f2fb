import { startServiceRuntime, type ServiceDefinition, type ServiceRuntime } from '@sv/platform';
import { DSP_REGISTRY, REGISTRY_VERSION } from './app/dsps/registry/dsp-registry.ts';
import { syncDspRegistry } from './app/dsps/registry/registry-sync.ts';
import type { SupplyChainConfig } from './config.ts';
import { SUPPLY_CHAIN_ENTITIES, SUPPLY_CHAIN_MIGRATIONS, SUPPLY_CHAIN_SCHEMA } from './db/index.ts';
import { releaseLookupClient } from './nats/clients/release-lookup.client.ts';
import { releaseSnapshotClient } from './nats/clients/release-snapshot.client.ts';
import { supplyChainConsumers } from './nats/consumers.ts';
import { supplyChainOperations } from './nats/operations.ts';
import type { SupplyChainContext } from './supply-chain-context.ts';

/** Starts supply-chain: migrations, the DSP registry sync, NATS operations and consumers, outbox relay and probe listener. */
export const startSupplyChain = async (config: SupplyChainConfig, options: { relay?: boolean } = {}): Promise<ServiceRuntime> => {
  let context: SupplyChainContext | undefined;
  const contextOf = (runtime: ServiceRuntime): SupplyChainContext =>
    (context ??= {
      orm: runtime.orm,
      config,
      logger: runtime.logger,
      releases: releaseLookupClient(runtime.nc, config.subjectPrefix, config.serviceTimeoutMs),
      snapshots: releaseSnapshotClient(runtime.nc, config.subjectPrefix, config.serviceTimeoutMs),
      clock: () => new Date(),
    });

  const definition: ServiceDefinition = {
    service: 'supply-chain',
    schema: SUPPLY_CHAIN_SCHEMA,
    entities: SUPPLY_CHAIN_ENTITIES,
    migrations: SUPPLY_CHAIN_MIGRATIONS,
    // The registry is brought up to date before the service answers anything.
    prepare: async ({ orm, logger }) => {
      const result = await syncDspRegistry(orm.em.fork(), { version: REGISTRY_VERSION, entries: DSP_REGISTRY });
      logger.info(
        { registry_version: result.version, previous_version: result.previousVersion, applied: result.applied },
        'dsp registry synced',
      );
    },
    operations: (runtime) => supplyChainOperations(contextOf(runtime)),
    consumers: (runtime) => supplyChainConsumers(contextOf(runtime), runtime),
  };
  return startServiceRuntime(definition, { config, healthPort: config.healthPort, relay: options.relay });
};
