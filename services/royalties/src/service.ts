import {
  catalogueRecordingCodes,
  openBlobStore,
  recordingCodeProjection,
  serviceCaller,
  startRecordingCodeConsumers,
  startServiceRuntime,
  type ServiceDefinition,
  type ServiceRuntime,
} from '@sv/platform';
import { startSalesReportJobWorker } from './app/finance/sales-report-job-worker.ts';
import type { RoyaltiesConfig } from './config.ts';
import { ROYALTIES_ENTITIES, ROYALTIES_MIGRATIONS, ROYALTIES_SCHEMA } from './db/index.ts';
import { catalogueClient } from './nats/clients/catalogue.client.ts';
import { royaltiesOperations } from './nats/operations.ts';
import type { RoyaltiesContext } from './royalties-context.ts';

/** Starts the royalties service: migrations, NATS operations and consumers, the sales report job worker, outbox relay and probe listener. */
export const startRoyalties = async (config: RoyaltiesConfig, options: { relay?: boolean } = {}): Promise<ServiceRuntime> => {
  const blobs = openBlobStore(config.blobStore, config.cdnUrl);
  let context: RoyaltiesContext | undefined;
  const contextOf = (runtime: ServiceRuntime): RoyaltiesContext => {
    const caller = serviceCaller(runtime.nc, config.subjectPrefix, config.serviceTimeoutMs);
    return (context ??= {
      orm: runtime.orm,
      config,
      logger: runtime.logger,
      blobs: blobs.store,
      catalogue: catalogueClient(caller),
      recordingCodes: recordingCodeProjection({ orm: runtime.orm, schema: ROYALTIES_SCHEMA, source: catalogueRecordingCodes(caller, 'royalties') }),
    });
  };

  const definition: ServiceDefinition = {
    service: 'royalties',
    schema: ROYALTIES_SCHEMA,
    entities: ROYALTIES_ENTITIES,
    migrations: ROYALTIES_MIGRATIONS,
    operations: (runtime) => royaltiesOperations(contextOf(runtime)),
    consumers: async (runtime) => {
      const running = contextOf(runtime);
      return [
        // The catalogue's recording codes, followed from its events, for matching report lines.
        ...(await startRecordingCodeConsumers(runtime, running.recordingCodes)),
        // Uploaded sales report files, loaded as jobs; stopped with the service like a consumer (before the ORM closes).
        startSalesReportJobWorker(running.orm, { blobs: running.blobs, catalogue: running.catalogue }, config.reportJobs, running.logger),
      ];
    },
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
