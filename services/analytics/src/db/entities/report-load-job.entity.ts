import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ReportLoadJobOrigin, ReportLoadJobStatus, StreamingReportSummary } from '@sv/contracts';

const moment = () => p.datetime().columnType('timestamptz');

/**
 * One load of a report file, run by the work queue: queued, running (with its progress), then
 * completed with the load's summary or failed with its error. The progress columns are written
 * from outside the load's transaction, so they are visible while it runs.
 */
export const ReportLoadJob = defineEntity({
  name: 'ReportLoadJob',
  tableName: 'report_load_job',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    status: p.string().$type<ReportLoadJobStatus>().columnType('text'),
    origin: p.string().$type<ReportLoadJobOrigin>().columnType('text'),
    /** A private blob of the tenant (the operator's upload, or finance's copy of a sales report). */
    blobKey: p.text(),
    fileName: p.text(),
    /** Names the store over what the file says. */
    store: p.text().nullable(),
    /** What queued it, e.g. `sales_report:<uuid>`; unique per tenant, so one source is loaded once. */
    sourceRef: p.text().nullable(),
    /** What the running load is doing: reading, matching, writing, rollups. */
    phase: p.text().nullable(),
    bytesTotal: p.bigint('number').columnType('bigint').nullable(),
    bytesRead: p.bigint('number').columnType('bigint'),
    rowsRead: p.bigint('number').columnType('bigint'),
    rowsMatched: p.bigint('number').columnType('bigint').nullable(),
    summary: p.json<StreamingReportSummary>().columnType('jsonb').nullable(),
    error: p.text().nullable(),
    /** The work queue's columns: claims so far (the lease token), the lease, the last failure, the next try. */
    attempts: p.integer(),
    leaseUntil: moment().nullable(),
    lastError: p.text().nullable(),
    nextAttemptAt: moment(),
    startedAt: moment().nullable(),
    progressAt: moment().nullable(),
    finishedAt: moment().nullable(),
    createdAt: moment(),
    updatedAt: moment(),
  },
});

export type ReportLoadJob = InferEntity<typeof ReportLoadJob>;
