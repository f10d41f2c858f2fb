import { isPublicAddress, openBlobStore, readBuffer, startServiceRuntime, type EventConsumer, type ServiceDefinition, type ServiceRuntime } from '@sv/platform';
import type { BulkJobInput } from './app/channels/bulk-ingestion.ts';
import { planBulk } from './app/channels/bulk-plan.ts';
import type { CsvJobInput } from './app/csv/csv-ingestion.ts';
import { planStoredCsv } from './app/csv/csv-plan.ts';
import { MAX_DDEX_BYTES, type DdexJobInput } from './app/ddex/ddex-ingestion.ts';
import { planDdex } from './app/ddex/ddex-plan.ts';
import type { JobPlanner } from './app/jobs/run-job.ts';
import { startJobWorker } from './app/jobs/job-worker.ts';
import type { SftpJobInput } from './app/sftp/drop-deliveries.ts';
import { startDropPoller } from './app/sftp/drop-poller.ts';
import { deliveredFilesResolver, notDelivered } from './app/media/media-resolver.ts';
import { withUrlDownloads } from './app/media/url-downloads.ts';
import { UPLOAD_MAX_MEGABYTES } from '@sv/contracts';
import type { IngestionConfig } from './config.ts';
import { INGESTION_ENTITIES, INGESTION_MIGRATIONS, INGESTION_SCHEMA } from './db/index.ts';
import type { IngestionContext } from './ingestion-context.ts';
import { catalogueClient } from './nats/clients/catalogue.client.ts';
import { deliveryClient } from './nats/clients/delivery.client.ts';
import { serviceCaller } from '@sv/platform';
import { supplyChainClient } from './nats/clients/supply-chain.client.ts';
import { ingestionOperations } from './nats/operations.ts';

/** Jobs one process runs at once; each imports `config.worker.concurrency` releases at a time. */
const JOBS_PER_PROCESS = 2;

/** How long reading one DDEX message may take before its job fails. */
const DDEX_READ_TIMEOUT_MS = 30_000;

/** Redirects a download of a file a message names by URL may follow. */
const DOWNLOAD_MAX_REDIRECTS = 3;

/** Each channel's way from a job's stored input to the items it imports. */
const plannersOf = (context: IngestionContext): Record<'bulk' | 'ddex' | 'csv' | 'sftp', JobPlanner> => {
  const planStoredDdex = async (fileKey: string, jobId: string) => {
    const xml = (await readBuffer(context.blobs, fileKey, MAX_DDEX_BYTES)).toString('utf8');
    return planDdex(xml, jobId, { maxBytes: MAX_DDEX_BYTES, timeoutMs: DDEX_READ_TIMEOUT_MS });
  };
  // Files named by URL are held to the same ceiling as an audio upload, and to the outbound guard.
  const guards = {
    maxBytes: UPLOAD_MAX_MEGABYTES.audio * 1024 * 1024,
    maxRedirects: DOWNLOAD_MAX_REDIRECTS,
    timeoutMs: context.config.downloads.timeoutMs,
    isAllowedAddress: context.config.allowPrivateUrls ? undefined : isPublicAddress,
  };
  return {
    bulk: async (job) => planBulk(job.input as BulkJobInput, job.id),
    // A download stops with the job's lease (the signal), so a job another worker took over fetches nothing more.
    ddex: async (job, signal) => ({
      ...(await planStoredDdex((job.input as DdexJobInput).file_key, job.id)),
      resolveMedia: withUrlDownloads(context.blobs, job.tenantId, { ...guards, signal }),
    }),
    // A CSV uploaded through the API comes alone: a file it names by path was not delivered with it.
    csv: async (job, signal) => ({
      ...(await planStoredCsv(context.blobs, (job.input as CsvJobInput).file_key, job.id)),
      resolveMedia: withUrlDownloads(context.blobs, job.tenantId, { ...guards, signal }, async (ref) => ({ missing: notDelivered(ref.uri) })),
    }),
    sftp: async (job, signal) => {
      const input = job.input as SftpJobInput;
      const plan = input.format === 'ddex' ? await planStoredDdex(input.file_key, job.id) : await planStoredCsv(context.blobs, input.file_key, job.id);
      return { ...plan, resolveMedia: withUrlDownloads(context.blobs, job.tenantId, { ...guards, signal }, deliveredFilesResolver(input.resources ?? {}, input.message_dir ?? '.')) };
    },
  };
};

/** The job loop, stopped with the service like a consumer (before the ORM closes). */
const jobWorkerOf = (context: IngestionContext): EventConsumer => {
  const { worker } = context.config;
  return startJobWorker(
    context.orm,
    {
      catalogue: context.catalogue,
      supplyChain: context.supplyChain,
      delivery: context.delivery,
      planners: plannersOf(context),
      concurrency: worker.concurrency,
      now: () => new Date(),
    },
    { tickMs: worker.tickMs, jobs: JOBS_PER_PROCESS, leaseMs: worker.leaseMs, renewMs: worker.renewMs, maxAttempts: worker.maxAttempts, retry: worker.retry },
    context.logger,
  );
};

/** Starts the ingestion service: migrations, NATS operations, the job worker, outbox relay and probe listener. */
export const startIngestion = async (config: IngestionConfig, options: { relay?: boolean } = {}): Promise<ServiceRuntime> => {
  const blobs = openBlobStore(config.blobStore, config.cdnUrl);
  let context: IngestionContext | undefined;
  const contextOf = (runtime: ServiceRuntime): IngestionContext => {
    const caller = serviceCaller(runtime.nc, config.subjectPrefix, config.serviceTimeoutMs);
    return (context ??= {
      orm: runtime.orm,
      config,
      logger: runtime.logger,
      blobs: blobs.store,
      catalogue: catalogueClient(caller),
      supplyChain: supplyChainClient(caller),
      delivery: deliveryClient(caller),
    });
  };

  const definition: ServiceDefinition = {
    service: 'ingestion',
    schema: INGESTION_SCHEMA,
    entities: INGESTION_ENTITIES,
    migrations: INGESTION_MIGRATIONS,
    operations: (runtime) => ingestionOperations(contextOf(runtime)),
    consumers: async (runtime) => {
      const running = contextOf(runtime);
      const { dropFolder } = running.config;
      const poller = dropFolder ? [startDropPoller({ orm: running.orm, settings: dropFolder, blobs: running.blobs, logger: running.logger })] : [];
      return [jobWorkerOf(running), ...poller];
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
