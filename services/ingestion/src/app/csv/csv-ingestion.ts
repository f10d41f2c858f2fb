import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, type Principal, type UploadedFile } from '@sv/contracts';
import { ValidationError, assertCanCreateRelease, type BlobStore } from '@sv/platform';
import type { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';
import { createJob } from '../jobs/job-records.ts';
import { missingRequiredColumns, readCsvHeader } from './csv-header.ts';
import { digestOf } from './file-digest.ts';

export const CSV_FIELD = 'releases_csv';

/** What a CSV job keeps until its worker has imported it: the stored file. */
export interface CsvJobInput {
  file_key: string;
}

const badHeader = (): ValidationError => new ValidationError({ [CSV_FIELD]: [Messages.csvHeader] }, Messages.csvHeader);

/** The refusals at the door; the stored upload goes with them, since no job will read it. */
const checkAtTheDoor = async (blobs: BlobStore, principal: Principal, file: UploadedFile | undefined): Promise<UploadedFile> => {
  assertCanCreateRelease(principal);
  if (!file) throw badHeader();
  const columns = await readCsvHeader(await blobs.read(file.key));
  if (!columns || missingRequiredColumns(columns).length > 0) throw badHeader();
  return file;
};

/**
 * POST /ingestion/csv: a file whose header row names `title` and `track_title` is queued as a job
 * (202); anything else is the spec's 422 and is not kept. Only the header is read here: the rows
 * are read, grouped into releases and validated by the job, off the request path.
 */
export const queueCsv = async (blobs: BlobStore, em: EntityManager, principal: Principal, files: UploadedFile[]): Promise<IngestionJob> => {
  const upload = files.find((candidate) => candidate.field === CSV_FIELD) ?? files[0];
  const file = await checkAtTheDoor(blobs, principal, upload).catch(async (error: unknown) => {
    // The refusal is the answer; a file left behind by a failed removal is only storage.
    if (upload) await blobs.remove(upload.key).catch(() => undefined);
    throw error;
  });
  const digest = await digestOf(await blobs.read(file.key));
  return createJob(em, {
    source: 'csv',
    principal,
    state: 'queued',
    input: { file_key: file.key } satisfies CsvJobInput,
    files: [{ name: file.filename, size: digest.size, checksum: digest.checksum, detected_type: 'text/csv' }],
    // Counted when the job has read the file and grouped its rows into releases.
    itemsTotal: 0,
  });
};
