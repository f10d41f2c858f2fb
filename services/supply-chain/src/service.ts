import { startServiceRuntime, type OperationTable, type ServiceDefinition, type ServiceRuntime } from '@sv/platform';
import { DSP_REGISTRY, REGISTRY_VERSION } from './app/dsps/registry/dsp-registry.ts';
import { syncDspRegistry } from './app/dsps/registry/registry-sync.ts';
import type { SupplyChainConfig } from './config.ts';
import { SUPPLY_CHAIN_ENTITIES, SUPPLY_CHAIN_MIGRATIONS, SUPPLY_CHAIN_SCHEMA } from './db/index.ts';
import { releaseLookupClient } from './nats/clients/release-lookup.client.ts';
import { supplyChainOperations } from './nats/operations.ts';
import type { SupplyChainContext } from './supply-chain-context.ts';

/** Holds every operation until `ready` settles, so no request is answered from a registry not yet synced. */
const afterRegistrySync = (ready: Promise<void>, operations: OperationTable): OperationTable =>
  Object.fromEntries(
    Object.entries(operations).map(([name, handler]) => [
      name,
      async (request: Parameters<typeof handler>[0]) => {
        await ready;
        return handler(request);
      },
    ]),
  );

/** Starts supply-chain: migrations, the DSP registry sync, NATS operations, outbox relay and probe listener. */
export const startSupplyChain = async (config: SupplyChainConfig, options: { relay?: boolean } = {}): Promise<ServiceRuntime> => {
  let context: SupplyChainContext | undefined;
  const contextOf = (runtime: ServiceRuntime): SupplyChainContext =>
    (context ??= {
      orm: runtime.orm,
      config,
      logger: runtime.logger,
      releases: releaseLookupClient(runtime.nc, config.subjectPrefix, config.serviceTimeoutMs),
    });

  let registrySynced!: (outcome: Promise<void>) => void;
  const ready = new Promise<void>((resolve) => (registrySynced = resolve));
  ready.catch(() => {}); // a failed sync stops start-up below; requests held meanwhile fail with it

  const definition: ServiceDefinition = {
    service: 'supply-chain',
    schema: SUPPLY_CHAIN_SCHEMA,
    entities: SUPPLY_CHAIN_ENTITIES,
    migrations: SUPPLY_CHAIN_MIGRATIONS,
    operations: (runtime) => afterRegistrySync(ready, supplyChainOperations(contextOf(runtime))),
    // The kit's last start-up step after migrations, before the probe opens and "supply-chain
    // started" is logged: the registry is brought up to date here, so a started service has it.
    consumers: async (runtime) => {
      const sync = syncDspRegistry(runtime.orm.em.fork(), { version: REGISTRY_VERSION, entries: DSP_REGISTRY }).then((result) => {
        runtime.logger.info(
          { registry_version: result.version, previous_version: result.previousVersion, applied: result.applied },
          'dsp registry synced',
        );
      });
      registrySynced(sync);
      await sync;
      return [];
    },
  };
  return startServiceRuntime(definition, { config, healthPort: config.healthPort, relay: options.relay });
};
