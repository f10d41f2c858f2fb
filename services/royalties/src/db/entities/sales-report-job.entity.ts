import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Principal, SalesReportJobStatus } from '@sv/contracts';

const moment = () => p.datetime().columnType('timestamptz');

/**
 * An uploaded sales report file on its way to becoming a sales report: queued, read by a worker
 * (progress written as it goes), then completed with the report or failed with the refusal. The
 * job keeps what its worker needs (the file, the form fields, the uploader) so a restart loses nothing.
 */
export const SalesReportJob = defineEntity({
  name: 'SalesReportJob',
  tableName: 'sales_report_job',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    periodId: p.uuid(),
    status: p.string().$type<SalesReportJobStatus>().columnType('text'),
    /** Who uploaded it: the lines are matched with the same rights. */
    principal: p.json<Principal>().columnType('jsonb'),
    fileKey: p.text(),
    fileName: p.text(),
    /** The form's fields; null where the form left them out. */
    source: p.text().nullable(),
    currency: p.text().nullable(),
    bytesTotal: p.bigint('number').columnType('bigint'),
    bytesRead: p.bigint('number').columnType('bigint'),
    rowsRead: p.integer(),
    rowsMatched: p.integer(),
    /** When the progress was last written, against which its pace is measured. */
    progressAt: moment().nullable(),
    /** Field → messages of the refusal, as a 422 gives them. */
    errors: p.json<Record<string, string[]>>().columnType('jsonb').nullable(),
    error: p.text().nullable(),
    salesReportId: p.uuid().nullable(),
    /** Claims so far; the work queue's lease token. */
    attempts: p.integer(),
    /** Until when the worker that claimed it holds it (the work queue's lease); null when none does. */
    leaseUntil: moment().nullable(),
    /** Why the last attempt failed (for operators; the API shows `error`). */
    lastError: p.text().nullable(),
    createdAt: moment(),
    startedAt: moment().nullable(),
    finishedAt: moment().nullable(),
  },
});

export type SalesReportJob = InferEntity<typeof SalesReportJob>;
