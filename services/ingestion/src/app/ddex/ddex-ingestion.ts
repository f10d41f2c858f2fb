import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, UPLOAD_MAX_MEGABYTES, type Principal, type UploadedFile } from '@sv/contracts';
import { detectErnMessage } from '@sv/ddex';
import { ValidationError, assertCanCreateRelease, readBuffer, type BlobStore } from '@sv/platform';
import type { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';
import { createJob } from '../jobs/job-records.ts';

export const DDEX_FIELD = 'ddex_xml';

/** The largest message taken: the document upload ceiling the gateway already enforces. */
export const MAX_DDEX_BYTES = UPLOAD_MAX_MEGABYTES.document * 1024 * 1024;

/** Detection reads only the prolog and the root element's start tag. */
const DETECTION_BYTES = 64 * 1024;

/** What a DDEX job keeps until its worker has imported it: the stored message. */
export interface DdexJobInput {
  file_key: string;
}

const notDdex = (): ValidationError => new ValidationError({ [DDEX_FIELD]: [Messages.notDdex] }, Messages.notDdex);

/**
 * POST /ingestion/ddex: a message whose root is an ERN NewReleaseMessage (or PurgeReleaseMessage)
 * of a supported version is queued as a job (202); anything else is the spec's 422 and is not kept.
 * Parsing, validation and mapping are the job's, off the request path.
 */
export const queueDdex = async (blobs: BlobStore, em: EntityManager, principal: Principal, files: UploadedFile[]): Promise<IngestionJob> => {
  assertCanCreateRelease(principal);
  const file = files.find((candidate) => candidate.field === DDEX_FIELD) ?? files[0];
  if (!file) throw notDdex();
  const bytes = await readBuffer(blobs, file.key, MAX_DDEX_BYTES);
  const detected = detectErnMessage(bytes.subarray(0, DETECTION_BYTES).toString('utf8'));
  if (!detected) {
    await blobs.remove(file.key);
    throw notDdex();
  }
  return createJob(em, {
    source: 'ddex',
    principal,
    state: 'queued',
    input: { file_key: file.key } satisfies DdexJobInput,
    files: [
      {
        name: file.filename,
        size: bytes.length,
        checksum: createHash('sha256').update(bytes).digest('hex'),
        detected_type: `DDEX ERN ${detected.version} ${detected.kind}`,
      },
    ],
    itemsTotal: 1,
  });
};
