import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { ReportLoadJobOrigin } from '@sv/contracts';
import { DeterministicFault, type BlobStore, type Logger, type ClaimedItem, type WorkGiveUp, type WorkLease } from '@sv/platform';
import { ReportLoadJob } from '../../db/entities/report-load-job.entity.ts';
import { assertTenantBlob, loadStoredReport } from './report-blob.ts';
import type { ReportLoadDeps, ReportLoadProgress } from './report-load.ts';
import { MalformedReportError, ReportBlobRefusedError, ReportLoadJobNotFoundError } from './streaming.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How often a running load's progress is written at most: often enough to watch, rare enough to cost nothing. */
const PROGRESS_EVERY_MS = 1_000;

export interface ReportLoadRequest {
  origin: ReportLoadJobOrigin;
  blobKey: string;
  fileName: string;
  store?: string | undefined;
  bytesTotal?: number | undefined;
  /** What queued it beside the operator, e.g. `sales_report:<uuid>`: one job per source and tenant. */
  sourceRef?: string | undefined;
}

/**
 * Queues the load of a stored report file; the work queue runs it. The key is checked now, so a
 * file of another tenant is refused at once. A source already queued answers its existing job.
 */
export const enqueueReportLoad = async (em: EntityManager, tenantId: string, request: ReportLoadRequest): Promise<ReportLoadJob> => {
  assertTenantBlob(tenantId, request.blobKey);
  if (request.sourceRef !== undefined) {
    const existing = await em.findOne(ReportLoadJob, { tenantId, sourceRef: request.sourceRef });
    if (existing) return existing;
  }
  const now = new Date();
  const job = em.create(ReportLoadJob, {
    id: randomUUID(),
    tenantId,
    status: 'queued',
    origin: request.origin,
    blobKey: request.blobKey,
    fileName: request.fileName,
    store: request.store ?? null,
    sourceRef: request.sourceRef ?? null,
    phase: null,
    bytesTotal: request.bytesTotal ?? null,
    bytesRead: 0,
    rowsRead: 0,
    rowsMatched: null,
    summary: null,
    error: null,
    attempts: 0,
    leaseUntil: null,
    lastError: null,
    nextAttemptAt: now,
    startedAt: null,
    progressAt: null,
    finishedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return job;
};

export const findReportLoadJob = async (em: EntityManager, tenantId: string, jobId: string): Promise<ReportLoadJob> => {
  const job = UUID.test(jobId) ? await em.findOne(ReportLoadJob, { id: jobId, tenantId }) : null;
  if (!job) throw new ReportLoadJobNotFoundError();
  return job;
};

/**
 * Writes the latest progress at most once every PROGRESS_EVERY_MS, on a pool connection of its
 * own: the load's transaction holds its rows unseen until it commits, these are seen at once. Each
 * write is fenced by the attempt, so a worker that lost the job writes nothing over another's.
 */
const progressWriter = (orm: MikroORM, item: ClaimedItem, logger: Logger) => {
  let latest: ReportLoadProgress | undefined;
  let dirty = false;
  let writing: Promise<void> | undefined;
  const write = async (): Promise<void> => {
    if (!dirty || !latest) return;
    dirty = false;
    const { phase, bytesRead, rowsRead } = latest;
    try {
      await orm.em
        .fork()
        .execute(
          `update "analytics"."report_load_job" set "phase" = ?, "bytes_read" = ?, "rows_read" = ?, "progress_at" = now(), "updated_at" = now()
            where "id" = ? and "attempts" = ? and "status" = 'running'`,
          [phase, bytesRead, rowsRead, item.id, item.attempt],
        );
    } catch (error) {
      // Progress is only for watching: the load goes on without it.
      logger.warn({ err: error, report_load_job_id: item.id }, 'report load progress not written');
    }
  };
  const timer = setInterval(() => {
    writing ??= write().finally(() => (writing = undefined));
  }, PROGRESS_EVERY_MS);
  timer.unref();
  return {
    note(progress: ReportLoadProgress) {
      latest = progress;
      dirty = true;
    },
    async stop() {
      clearInterval(timer);
      await writing;
    },
  };
};

export interface ReportLoadJobDeps extends ReportLoadDeps {
  blobs: BlobStore;
  logger: Logger;
}

/**
 * Runs one claimed job: loads its file (one transaction, see loadReportFile), then records the
 * summary under the lease. A file that cannot be read as it stands fails the job at once with its
 * reason; any other error is retried by the queue. A retry after a load that committed but whose
 * end was not recorded loads the same bytes again, which replaces the first load (same SHA-256).
 */
export const runReportLoadJob = async (deps: ReportLoadJobDeps, item: ClaimedItem, lease: WorkLease): Promise<ReportLoadJob> => {
  const em = deps.orm.em.fork();
  const job = await em.findOneOrFail(ReportLoadJob, { id: item.id });
  const progress = progressWriter(deps.orm, item, deps.logger);
  let summary;
  try {
    summary = await loadStoredReport(
      deps,
      job.tenantId,
      { blobKey: job.blobKey, fileName: job.fileName, store: job.store ?? undefined },
      { onProgress: (now) => progress.note(now), signal: lease.signal },
    );
  } catch (error) {
    if (error instanceof MalformedReportError || error instanceof ReportBlobRefusedError) throw new DeterministicFault(error.message);
    throw error;
  } finally {
    await progress.stop();
  }
  const loaded = summary;
  await lease.commit(async (tx) => {
    const held = await tx.findOneOrFail(ReportLoadJob, { id: item.id });
    tx.assign(held, {
      status: 'completed',
      phase: null,
      summary: loaded,
      bytesTotal: held.bytesTotal ?? loaded.size_bytes,
      bytesRead: loaded.size_bytes,
      rowsRead: loaded.rows,
      rowsMatched: loaded.matched.isrc + loaded.matched.upc,
      error: null,
      finishedAt: new Date(),
      updatedAt: new Date(),
    });
    await tx.flush();
    Object.assign(job, held);
  });
  return job;
};


/** The job's side of its end as failed (a bad file, or attempts spent), in the queue's transaction. */
export const endGivenUpReportLoad = async (tx: EntityManager, item: ClaimedItem, end: WorkGiveUp): Promise<void> => {
  await tx.execute(`update "analytics"."report_load_job" set "error" = ?, "phase" = null, "finished_at" = now(), "updated_at" = now() where "id" = ?`, [
    end.error,
    item.id,
  ]);
};
