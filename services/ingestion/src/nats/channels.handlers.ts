import { IngestionOperation, IngestionReleaseBody, type IngestionQueuedReply } from '@sv/contracts';
import { accepted, created, parseOrThrow, type OperationTable } from '@sv/platform';
import type { z } from 'zod';
import { queueBulk } from '../app/channels/bulk-ingestion.ts';
import { ingestJson } from '../app/channels/json-ingestion.ts';
import { queueCsv } from '../app/csv/csv-ingestion.ts';
import { queueDdex } from '../app/ddex/ddex-ingestion.ts';
import type { IngestionContext } from '../ingestion-context.ts';

const queued = (jobId: string) => accepted({ ingestion_job_id: jobId, state: 'queued' } satisfies z.infer<typeof IngestionQueuedReply>);

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const channelOperations = (context: IngestionContext): OperationTable => ({
  [IngestionOperation.json]: async (request) => {
    const body = parseOrThrow(IngestionReleaseBody, request.body ?? {});
    const { job, release } = await ingestJson(context, context.orm.em.fork(), request.principal, body);
    return created({ uuid: release.uuid, release_id: release.uuid, ingestion_job_id: job.id });
  },
  // The entries are validated one by one by the job; only the batch's shape and size here.
  [IngestionOperation.bulk]: async (request) => queued((await queueBulk(context.orm.em.fork(), request.principal, request.body)).id),
  [IngestionOperation.ddex]: async (request) => queued((await queueDdex(context.blobs, context.orm.em.fork(), request.principal, request.files)).id),
  [IngestionOperation.csv]: async (request) => queued((await queueCsv(context.blobs, context.orm.em.fork(), request.principal, request.files)).id),
});
