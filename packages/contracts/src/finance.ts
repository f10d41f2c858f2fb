import { z } from 'zod';
import { defineEvent } from './events.ts';
import { isoTimestamp, nullableIsoTimestamp } from './routes/responses/common.ts';

/** Amounts in finance events are integer minor units of `currency` (spec, Other resources). */
const statementChange = z.object({
  statement_id: z.uuid(),
  period_id: z.uuid(),
  period_code: z.string(),
  status: z.enum(['draft', 'approved', 'locked', 'paid']),
  currency: z.string(),
  total_minor: z.number().int(),
});

const payeeStatementChange = z.object({
  payee_statement_id: z.uuid(),
  statement_id: z.uuid(),
  period_id: z.uuid(),
  payee_type: z.string(),
  payee_id: z.uuid().nullable(),
  status: z.enum(['draft', 'approved', 'paid']),
  currency: z.string(),
  amount_minor: z.number().int(),
});

/** The `finance.*` webhook families: sales reports recorded, statements and payee statements moving, payouts made. */
export const FinanceEvents = {
  salesReportRecorded: defineEvent(
    'finance.sales_report.recorded',
    z.object({
      sales_report_id: z.uuid(),
      period_id: z.uuid(),
      currency: z.string(),
      rows_total: z.number().int(),
      rows_unmatched: z.number().int(),
      total_minor: z.number().int(),
    }),
  ),
  /** A period was computed (or recomputed): a draft statement and its payee statements. */
  statementComputed: defineEvent('finance.statement.computed', statementChange.extend({ payee_statements: z.number().int() })),
  statementApproved: defineEvent('finance.statement.approved', statementChange),
  statementLocked: defineEvent('finance.statement.locked', statementChange),
  /** Every payee statement of the statement has been paid out. */
  statementPaid: defineEvent('finance.statement.paid', statementChange),
  payeeStatementApproved: defineEvent('finance.payee_statement.approved', payeeStatementChange),
  payeeStatementPaid: defineEvent('finance.payee_statement.paid', payeeStatementChange.extend({ payout_id: z.uuid() })),
  payoutCreated: defineEvent(
    'finance.payout.created',
    z.object({
      payout_id: z.uuid(),
      currency: z.string(),
      amount_minor: z.number().int(),
      payee_statement_ids: z.array(z.uuid()),
      /** True in the sandbox: the rows were written, no money was moved. */
      simulated: z.boolean(),
    }),
  ),
};

// The body and reply of FinanceOperation.salesReportFile.
export const SalesReportFileBody = z.object({ sales_report_id: z.uuid() });
export type SalesReportFileBody = z.infer<typeof SalesReportFileBody>;
export const SalesReportFileReply = z.object({
  /** The blob holding the uploaded file, private to the tenant. */
  file_key: z.string(),
  file_name: z.string().nullable(),
  /** The SHA-256 of the file's bytes, in hex. */
  sha256: z.string().nullable(),
  /** A DSR file's MessageId and FileNumber; null for a CSV. */
  dsr_message_id: z.string().nullable(),
  dsr_file_number: z.number().int().nullable(),
  /** The file's size in bytes, when royalties knows it (a reader shows its progress against it). */
  file_size: z.number().int().nonnegative().optional(),
});
export type SalesReportFileReply = z.infer<typeof SalesReportFileReply>;

/*
 * An uploaded sales report file is loaded as a job: the upload answers 202 with the job and a
 * `Location` to poll; the job shows its progress and ends `completed` with the report, or `failed`
 * with the refusal (its message and, per field or cell, the errors a 422 gave).
 */
export const SALES_REPORT_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type SalesReportJobStatus = (typeof SALES_REPORT_JOB_STATUSES)[number];

export const SalesReportJobSchema = z
  .object({
    uuid: z.uuid(),
    status: z.enum(SALES_REPORT_JOB_STATUSES),
    period_uuid: z.uuid(),
    file_name: z.string(),
    progress: z.object({
      bytes_read: z.number().int().nonnegative(),
      bytes_total: z.number().int().nonnegative(),
      rows_read: z.number().int().nonnegative(),
      rows_matched: z.number().int().nonnegative(),
      /** Of the file's bytes read, 0 to 100. */
      percent: z.number().int().min(0).max(100),
      /** Seconds left at the pace so far; null until the pace is known, and once the job has ended. */
      eta_seconds: z.number().int().nonnegative().nullable(),
    }),
    /** Field or cell → messages of a refused file, as a 422 names them; null unless failed with them. */
    errors: z.record(z.string(), z.array(z.string())).nullable(),
    /** Why the job failed; null unless failed. */
    error: z.string().nullable(),
    /** The sales report recorded; null until completed. */
    sales_report_uuid: z.uuid().nullable(),
    created_at: isoTimestamp,
    started_at: nullableIsoTimestamp,
    finished_at: nullableIsoTimestamp,
  })
  .loose();
export const SalesReportJobReply = z.object({ sales_report_job: SalesReportJobSchema });
export type SalesReportJobReply = z.infer<typeof SalesReportJobReply>;
