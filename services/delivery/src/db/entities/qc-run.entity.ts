import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

export interface QcCheckResult {
  /** Stable code, e.g. `audio_sample_rate`. */
  code: string;
  passed: boolean;
  /** Plain words for the rejection reason (failed checks) or the record (passed ones). */
  message: string;
  /** The track (or `artwork`, `release`) the check is about. */
  subject: string;
}

/**
 * One QC run of a release, an item of the kit's work queue: queued on release.qc_pending, leased
 * while it runs (claimed_until), then decided (passed, failed, superseded), or dead once its
 * attempts ran out without a decision.
 */
export const QcRun = defineEntity({
  name: 'QcRun',
  tableName: 'qc_run',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    releaseId: p.uuid(),
    eventId: p.uuid(),
    state: p.text(),
    attempts: p.integer(),
    claimedUntil: moment().nullable(),
    lastError: p.text().nullable(),
    nextAttemptAt: moment(),
    checks: p.json<QcCheckResult[]>().columnType('jsonb'),
    reason: p.text().nullable(),
    createdAt: moment(),
    updatedAt: moment(),
    finishedAt: moment().nullable(),
  },
});

export type QcRun = InferEntity<typeof QcRun>;
