import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { IngestionJobState, IngestionSource, Principal } from '@sv/contracts';

const moment = () => p.datetime().columnType('timestamptz');

/** A file a job was given, as the job shows it. */
export interface JobFile {
  name: string;
  size: number;
  /** sha256 of the bytes, hex. */
  checksum: string | null;
  detected_type: string | null;
}

/**
 * One submission through one channel, and what became of it. The job keeps what its worker
 * needs to run it later (the input and the principal that sent it), so a restart loses nothing.
 */
export const IngestionJob = defineEntity({
  name: 'IngestionJob',
  tableName: 'ingestion_job',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    source: p.string().$type<IngestionSource>().columnType('text'),
    state: p.string().$type<IngestionJobState>().columnType('text'),
    /** Who submitted it: the worker imports with the same rights. */
    principal: p.json<Principal>().columnType('jsonb'),
    /** The channel's input: bulk's releases, or the stored file of DDEX and CSV. Cleared when the job ends. */
    input: p.json<unknown>().columnType('jsonb').nullable(),
    files: p.json<JobFile[]>().columnType('jsonb'),
    /** Path → messages (`releases[3].tracks[1].isrc`, an XML element path, `row 14, column isrc`). */
    validationErrors: p.json<Record<string, string[]>>().columnType('jsonb'),
    /** Path → notes on items imported, but not wholly as submitted. */
    warnings: p.json<Record<string, string[]>>().columnType('jsonb'),
    itemsTotal: p.integer(),
    itemsDone: p.integer(),
    itemsFailed: p.integer(),
    releaseIds: p.json<string[]>().columnType('jsonb'),
    /** Why the job failed as a whole, when it did. */
    error: p.text().nullable(),
    /** Until when the worker that claimed it holds it (the work queue's lease, on the database clock); null when no worker does. */
    claimedUntil: moment().nullable(),
    /** Claims so far; the work queue's lease token. A job out of attempts ends failed. */
    attempts: p.integer(),
    /** Why the last attempt failed (for operators; the API shows `error`). */
    lastError: p.text().nullable(),
    startedAt: moment().nullable(),
    finishedAt: moment().nullable(),
    createdAt: moment(),
    updatedAt: moment(),
  },
});

export type IngestionJob = InferEntity<typeof IngestionJob>;
