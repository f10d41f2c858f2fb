import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { DspOverrides } from '@sv/contracts';

const moment = () => p.datetime().columnType('timestamptz');

/**
 * One store of a release's selection, in one tenant. Removing a store soft-deletes its row, so
 * a store is selected at most once among the live rows (partial unique index) and a removed
 * store added again starts afresh (pending, not blocked).
 */
export const ReleaseDsp = defineEntity({
  name: 'ReleaseDsp',
  tableName: 'release_dsp',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** A release of the catalogue (no cross-service key). */
    releaseId: p.uuid(),
    dspId: p.integer(),
    /** The per-DSP stage: pending until QC passes, then submitted and onwards. */
    status: p.text(),
    /** When the lifecycle event that set `status` happened; older events are ignored. */
    statusChangedAt: moment().nullable(),
    isBlocked: p.boolean(),
    /** The per-DSP override: only the fields set are present. */
    overrides: p.json<DspOverrides>().columnType('jsonb'),
    createdAt: moment(),
    updatedAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type ReleaseDsp = InferEntity<typeof ReleaseDsp>;
