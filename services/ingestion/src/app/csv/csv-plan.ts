import type { Readable } from 'node:stream';
import { ReleaseImportBody, UPLOAD_MAX_MEGABYTES } from '@sv/contracts';
import { BlobNotFoundError, parseFields, type BlobStore } from '@sv/platform';
import { UnreadableSubmissionError, type JobPlan, type PlannedItem } from '../jobs/job-plan.ts';
import { groupReleases, type CsvReleaseGroup } from './csv-groups.ts';
import { layoutOf, recordOf } from './csv-layout.ts';
import { mediaOfCsvGroup } from './csv-media.ts';
import { cellKey, draftOf } from './csv-release-body.ts';
import { schemaErrorsAtCells } from './csv-schema-errors.ts';
import { readCsvSheet, type CsvReadLimits } from './csv-sheet.ts';

/** Rows one file may hold under its header, and its size: the document upload ceiling the gateway enforces. */
export const CSV_LIMITS: CsvReadLimits = { maxRows: 10_000, maxBytes: UPLOAD_MAX_MEGABYTES.document * 1024 * 1024 };

export const CSV_NO_ROWS = 'The CSV has no rows under its header.';
export const CSV_GONE = 'The uploaded CSV is no longer stored; upload it again.';

type GroupPlan = { item: PlannedItem } | { errors: Record<string, string[]> };

/**
 * One release group validated with the registry's schema, as /ingestion/json would: an item to
 * import, or every problem at its cell (values that could not be read, values that differ across
 * the release's rows, and what the schema refuses).
 */
const planGroup = (group: CsvReleaseGroup, importKey: string): GroupPlan => {
  const firstRow = group.records[0]!.row;
  const draft = draftOf(group, importKey);
  const errors: Record<string, string[]> = { ...group.conflicts, ...draft.errors };
  const parsed = parseFields(ReleaseImportBody, draft.body);
  const places = parsed.ok
    ? (parsed.data.release.tracks ?? []).map((track) => ({ position: track.position, disc_number: track.disc_number ?? 1, ...(track.isrc ? { isrc: track.isrc } : {}) }))
    : [];
  const files = mediaOfCsvGroup(group, places);
  Object.assign(errors, files.conflicts);
  if (!parsed.ok) {
    for (const [key, messages] of Object.entries(schemaErrorsAtCells(draft, parsed.fields, firstRow))) {
      // A cell that could not be read is reported already; the schema would only miss its value.
      if (!(key in errors)) errors[key] = messages;
    }
  }
  if (parsed.ok && Object.keys(errors).length === 0) {
    // The catalogue's refusals name fields of the release it was sent (`tracks.1.isrc`): placed at their cells too.
    const errorsAt = (fields: Record<string, string[]>) =>
      schemaErrorsAtCells(draft, Object.fromEntries(Object.entries(fields).map(([field, messages]) => [`release.${field}`, messages])), firstRow);
    return { item: { path: cellKey(firstRow), body: parsed.data, errorsAt, ...(files.media ? { media: files.media } : {}) } };
  }
  return { errors };
};

/**
 * A CSV read as it streams in, its rows grouped into releases (csv-groups.ts) and each release
 * validated on its own: the good ones are imported, the bad ones reported at `row N, column X`.
 * A file that cannot be read as a whole (CSV syntax, encoding, size, row count, header) fails the job.
 */
export const planCsv = async (source: Readable, jobId: string, limits: CsvReadLimits = CSV_LIMITS): Promise<JobPlan> => {
  const sheet = await readCsvSheet(source, limits);
  const layout = layoutOf(sheet.header);
  if (sheet.rows.length === 0) throw new UnreadableSubmissionError(CSV_NO_ROWS, { 'row 2': [CSV_NO_ROWS] });
  const groups = groupReleases(sheet.rows.map((row) => recordOf(row, layout)));
  const plan: JobPlan = { items: [], errors: {}, failed: 0, total: groups.length };
  groups.forEach((group, index) => {
    const planned = planGroup(group, `${jobId}:${index}`);
    if ('item' in planned) {
      plan.items.push(planned.item);
      return;
    }
    plan.failed += 1;
    Object.assign(plan.errors, planned.errors);
  });
  return plan;
};

/** The job's stored file planned; a file gone from the store fails the job rather than retrying it for ever. */
export const planStoredCsv = async (blobs: BlobStore, fileKey: string, jobId: string): Promise<JobPlan> => {
  const source = await blobs.read(fileKey).catch((error: unknown) => {
    throw error instanceof BlobNotFoundError ? new UnreadableSubmissionError(CSV_GONE) : error;
  });
  return planCsv(source, jobId);
};
