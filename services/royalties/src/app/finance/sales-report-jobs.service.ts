import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, SalesReportUploadFields, type Principal, type UploadedFile } from '@sv/contracts';
import {
  assertCan,
  DeterministicFault,
  DomainError,
  parseOrThrow,
  UnavailableError,
  ValidationError,
  type BlobStore,
  type WorkGiveUp,
  type WorkLease,
} from '@sv/platform';
import { SalesReportJob } from '../../db/entities/sales-report-job.entity.ts';
import type { SalesReport } from '../../db/entities/sales-report.entity.ts';
import type { CataloguePort } from '../catalogue-port.ts';
import { SALES_REPORT_FIELD, SalesReportCurrencyError, SalesReportJobNotFoundError } from './finance.errors.ts';
import { findPeriod, UUID } from './periods.service.ts';
import { openSalesFile, ReadDigest, sha256Of } from './sales-report-file.ts';
import { recordReport, refuseSettledPeriod, type ReportHeader } from './sales-reports.service.ts';

/*
 * An uploaded sales report file is loaded as a job. The upload checks what it can at once (the
 * right, the form, the period and that it still takes sales) and queues the job; a worker of the
 * platform's work queue reads, matches and stores the file in one transaction as before, writing
 * its progress from another connection as it goes, and ends the job completed with the report in
 * that same transaction. Every refusal of the file (a bad row, a file already loaded, another
 * currency, a settled period, no rows) ends it failed at once with the refusal's message and
 * errors; nothing of the report is kept.
 */

const JOBS = '"royalties"."sales_report_job"';

/** A refusal of the file: the queue ends the job failed at once, never retrying it. */
export class SalesReportRefusedFault extends DeterministicFault {
  readonly refusal: DomainError;

  constructor(refusal: DomainError) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

/**
 * POST /finance/periods/{uuid}/sales-reports: the gateway has streamed the file into the blob
 * store. What needs no reading of it is checked here, a refusal answered as before (and its file
 * removed, since nothing refers to it); then the job is queued and the file stays for it.
 */
export const queueSalesReport = async (
  blobs: BlobStore,
  em: EntityManager,
  principal: Principal,
  periodId: string,
  fields: unknown,
  files: UploadedFile[],
): Promise<SalesReportJob> => {
  const upload = files.find((file) => file.field === SALES_REPORT_FIELD) ?? files[0];
  try {
    assertCan(principal, 'finance.manage');
    const form = parseOrThrow(SalesReportUploadFields, fields ?? {});
    const period = await findPeriod(em, principal.tenant_id, periodId);
    if (!upload) throw new ValidationError({ [SALES_REPORT_FIELD]: ['The sales_report file is required.'] });
    if (form.currency && form.currency !== period.currency) throw new SalesReportCurrencyError(form.currency, period.currency);
    await refuseSettledPeriod(em, period);
    const job = em.create(SalesReportJob, {
      id: randomUUID(),
      tenantId: period.tenantId,
      periodId: period.id,
      status: 'queued',
      principal,
      fileKey: upload.key,
      fileName: upload.filename,
      source: form.source ?? null,
      currency: form.currency ?? null,
      bytesTotal: upload.size,
      bytesRead: 0,
      rowsRead: 0,
      rowsMatched: 0,
      progressAt: null,
      errors: null,
      error: null,
      salesReportId: null,
      attempts: 0,
      leaseUntil: null,
      lastError: null,
      createdAt: new Date(),
      startedAt: null,
      finishedAt: null,
    });
    await em.flush();
    return job;
  } catch (error) {
    // The refusal is the answer; a file left behind by a failed removal is only storage.
    if (upload) await blobs.remove(upload.key).catch(() => undefined);
    throw error;
  }
};

/** GET /finance/sales-report-jobs/{uuid}: another tenant's job is not found. */
export const findSalesReportJob = async (em: EntityManager, tenantId: string, jobId: string): Promise<SalesReportJob> => {
  if (!UUID.test(jobId)) throw new SalesReportJobNotFoundError();
  const job = await em.findOne(SalesReportJob, { id: jobId, tenantId });
  if (!job) throw new SalesReportJobNotFoundError();
  return job;
};

/**
 * A load's progress: bytes as they flow from the stored file, rows as the load reads them. It is
 * written from a connection of its own, outside the load's transaction (which commits only at the
 * end), at most every `everyMs`, so that pollers see it move.
 */
class LoadProgress {
  bytes = 0;
  #rowsRead = 0;
  #rowsMatched = 0;
  #lastWrite = 0;
  #writing: Promise<void> | undefined;
  #stopped = false;
  readonly #write: (bytes: number, rowsRead: number, rowsMatched: number) => Promise<void>;
  readonly #everyMs: number;

  constructor(write: (bytes: number, rowsRead: number, rowsMatched: number) => Promise<void>, everyMs: number) {
    this.#write = write;
    this.#everyMs = everyMs;
  }

  /** The stream, its bytes counted; each opening reads the file from its start. */
  counting(source: Readable): Readable {
    this.bytes = 0;
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.bytes += chunk.length;
        this.#tick();
        done(null, chunk);
      },
    });
    // pipeline carries an error of the file's stream to the counter, and a destroyed counter back to the file.
    return pipeline(source, counter, () => undefined);
  }

  rows(read: number, matched: number): void {
    this.#rowsRead = read;
    this.#rowsMatched = matched;
    this.#tick();
  }

  /** No more writes; waits for the one under way, so that it cannot land after the job's end. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#writing;
  }

  /** Stops, then writes the figures as they ended: a refused file shows how far it was read. */
  async last(): Promise<void> {
    await this.stop();
    await this.#write(this.bytes, this.#rowsRead, this.#rowsMatched).catch(() => undefined);
  }

  #tick(): void {
    if (this.#stopped || this.#writing) return;
    const now = Date.now();
    if (now - this.#lastWrite < this.#everyMs) return;
    this.#lastWrite = now;
    // A progress write that fails only leaves the figures a little behind.
    this.#writing = this.#write(this.bytes, this.#rowsRead, this.#rowsMatched)
      .catch(() => undefined)
      .finally(() => {
        this.#writing = undefined;
      });
  }
}

export interface SalesReportJobDeps {
  blobs: BlobStore;
  catalogue: CataloguePort;
  /** A fresh ORM context, on a connection of its own. */
  fork: () => EntityManager;
  /** How often progress is written. */
  progressMs: number;
}

/** The claimed job's attempt: the queue's lease token, which every write of the job is fenced by. */
export interface ClaimedJob {
  id: string;
  attempt: number;
}

/**
 * Loads a claimed job's file as a sales report. The job completes in the load's own transaction,
 * fenced by the attempt's lease: a worker that lost the job (another took it over) keeps nothing.
 * A refusal of the file is thrown as a SalesReportRefusedFault; any other error is the queue's to retry.
 */
export const runSalesReportJob = async (deps: SalesReportJobDeps, claimed: ClaimedJob, lease: WorkLease): Promise<void> => {
  const em = deps.fork();
  const job = await em.findOne(SalesReportJob, { id: claimed.id });
  if (!job || (job.status !== 'queued' && job.status !== 'running')) return;
  const progress = new LoadProgress(async (bytes, rowsRead, rowsMatched) => {
    await deps
      .fork()
      .execute(
        `update ${JOBS} set "bytes_read" = least(?, "bytes_total"), "rows_read" = ?, "rows_matched" = ?, "progress_at" = now()
          where "id" = ? and "attempts" = ? and "status" = 'running'`,
        [bytes, rowsRead, rowsMatched, claimed.id, claimed.attempt],
      );
  }, deps.progressMs);
  // Every read of the stored file, closed at the end whether or not it was read through (a refused duplicate is not).
  const reads: Readable[] = [];
  const read = async (): Promise<Readable> => {
    const stream = await deps.blobs.read(job.fileKey);
    reads.push(stream);
    return stream;
  };
  try {
    const period = await findPeriod(em, job.tenantId, job.periodId);
    const digest = new ReadDigest();
    const file = await openSalesFile(async () => progress.counting(digest.hashing(await read())));
    const header: ReportHeader = {
      period,
      source: job.source ?? file.store ?? job.fileName,
      currency: job.currency ?? undefined,
      filename: job.fileName,
      fileKey: job.fileKey,
      // The bytes' digest is taken as the lines are read; a file already loaded by its bytes is refused once it is known.
      identity: { sha256: null, dsr: file.dsr },
      field: SALES_REPORT_FIELD,
    };
    // A reader that stopped before the end of the file leaves its digest to a read of its own.
    const sha256 = async (): Promise<string> => digest.hex ?? sha256Of(await read());
    await recordReport(em, deps.catalogue, job.principal, header, { ...file, sha256 }, {
      rows: (rowsRead, rowsMatched) => progress.rows(rowsRead, rowsMatched),
      signal: lease.signal,
      beforeCommit: async (tx, report) => {
        await progress.stop();
        await lease.commit((fenced) => completeJob(fenced, claimed, report), tx);
      },
    });
  } catch (error) {
    // The catalogue being away is not the file's fault: the queue tries again.
    if (error instanceof DomainError && !(error instanceof UnavailableError)) {
      await progress.last();
      throw new SalesReportRefusedFault(error);
    }
    throw error;
  } finally {
    await progress.stop();
    for (const stream of reads) stream.destroy();
  }
};

const completeJob = async (tx: EntityManager, claimed: ClaimedJob, report: SalesReport): Promise<void> => {
  await tx.execute(
    `update ${JOBS} set "status" = 'completed', "sales_report_id" = ?, "rows_read" = ?, "rows_matched" = ?, "bytes_read" = "bytes_total",
        "progress_at" = now(), "finished_at" = now(), "errors" = null, "error" = null
      where "id" = ? and "attempts" = ?`,
    [report.id, report.rowsTotal, report.rowsMatched, claimed.id, claimed.attempt],
  );
};

/**
 * The job's side of its end as failed, in the transaction where the queue sets it: the refusal's
 * message and errors, or (attempts spent on errors not the file's) why it stopped. An internal
 * error's text stays in last_error and the logs: it may name internals. Its file is removed, since
 * no report refers to it.
 */
export const endFailedSalesReportJob = async (tx: EntityManager, blobs: BlobStore, jobId: string, end: WorkGiveUp): Promise<void> => {
  const refusal = end.cause instanceof SalesReportRefusedFault ? end.cause.refusal : undefined;
  const error = refusal ? refusal.message : Messages.salesReportJobGaveUp(end.attempts);
  const [job] = await tx.execute<{ file_key: string }[]>(
    `update ${JOBS} set "error" = ?, "errors" = ?::jsonb, "finished_at" = now() where "id" = ? returning "file_key"`,
    [error, refusal?.fields ? JSON.stringify(refusal.fields) : null, jobId],
  );
  if (job) await blobs.remove(job.file_key).catch(() => undefined);
};
