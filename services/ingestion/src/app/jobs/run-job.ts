import type { EntityManager } from '@mikro-orm/postgresql';
import type { IngestionSource } from '@sv/contracts';
import { DeterministicFault, DomainError, UnavailableError, type WorkGiveUp, type WorkLease } from '@sv/platform';
import { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';
import { importItem, type ImportedItem } from '../import/import-item.ts';
import type { CataloguePort, DeliveryPort, SupplyChainPort } from '../import/ports.ts';
import { takeDownItem } from '../import/take-down-item.ts';
import { underItem } from './item-paths.ts';
import { recordJobEvent } from './job-events.ts';
import { UnreadableSubmissionError, type JobPlan, type PlannedItem, type PlannedTakedown } from './job-plan.ts';
import { ingestionJobDuration } from './job-metrics.ts';

/**
 * Turns a job's stored input into the items to import; each channel has its own. `signal` is
 * aborted when the run must stop (its lease lost, the service stopping).
 */
export type JobPlanner = (job: IngestionJob, signal: AbortSignal) => Promise<JobPlan>;

export interface JobRunDeps {
  catalogue: CataloguePort;
  supplyChain: SupplyChainPort;
  delivery: DeliveryPort;
  planners: Partial<Record<IngestionSource, JobPlanner>>;
  /** Releases of one job imported at once. */
  concurrency: number;
  now: () => Date;
}

export const NOTHING_IMPORTED = 'No release could be imported; see validation_errors.';

const chunksOf = <T>(items: T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
};

/**
 * Saves the job's changes, with its lifecycle event when `withEvent`, in one transaction fenced
 * by the run's lease: a run whose lease was lost (another worker has the job) writes nothing.
 */
const save = async (em: EntityManager, lease: WorkLease, job: IngestionJob, now: Date, withEvent = false): Promise<void> => {
  lease.signal.throwIfAborted();
  job.updatedAt = now;
  await lease.commit((tx) => {
    if (withEvent) recordJobEvent(tx, job);
  }, em);
};

const observeEnd = (job: IngestionJob, now: Date): void => {
  ingestionJobDuration.observe({ source: job.source, state: job.state }, Math.max(0, now.getTime() - job.createdAt.getTime()) / 1000);
};

const finish = async (em: EntityManager, deps: JobRunDeps, lease: WorkLease, job: IngestionJob, error: string | null): Promise<void> => {
  const now = deps.now();
  job.state = error !== null || job.itemsDone === 0 ? 'failed' : job.itemsFailed > 0 ? 'partially_completed' : 'completed';
  job.error = job.state === 'failed' ? (error ?? NOTHING_IMPORTED) : null;
  job.input = null;
  job.finishedAt = now;
  await save(em, lease, job, now, true);
  observeEnd(job, now);
};

/**
 * The job's error when the queue gave it up: its input's fault, or the attempts spent with the
 * last error. A domain error's message is written for the client; any other error's text stays in
 * last_error and the logs (it may name internals).
 */
const givenUpError = (end: WorkGiveUp): string => {
  const reason =
    end.cause instanceof DomainError || end.cause instanceof DeterministicFault
      ? end.error
      : end.cause === undefined
        ? 'the worker running it stopped before it finished'
        : 'an internal error';
  return end.outcome === 'failed' ? reason : `The job stopped after ${end.attempts} attempt${end.attempts === 1 ? '' : 's'}; the last error: ${reason}`;
};

/**
 * Ends a job the queue gave up (attempts spent, or its input at fault) as failed with its error
 * and event, in the transaction in which the queue sets its state.
 */
export const endGivenUpJob = async (tx: EntityManager, deps: Pick<JobRunDeps, 'now'>, jobId: string, end: WorkGiveUp): Promise<void> => {
  const job = await tx.findOneOrFail(IngestionJob, { id: jobId });
  const now = deps.now();
  Object.assign(job, { state: 'failed', error: givenUpError(end), input: null, finishedAt: now, updatedAt: now } satisfies Partial<IngestionJob>);
  recordJobEvent(tx, job);
  await tx.flush();
  observeEnd(job, now);
};

/** The item's refusal by the catalogue, under the item's path; the catalogue being away is not the item's fault. */
/** What an item came to: the release it made or took down, and any notes. */
type ItemOutcome = Pick<ImportedItem, 'warnings'> & { release: { uuid: string } };

const recordOutcome = (job: IngestionJob, item: PlannedItem | PlannedTakedown, outcome: PromiseSettledResult<ItemOutcome>): void => {
  if (outcome.status === 'fulfilled') {
    job.itemsDone += 1;
    job.releaseIds = [...job.releaseIds, outcome.value.release.uuid];
    if (outcome.value.warnings.length > 0) job.warnings = { ...job.warnings, [item.path]: outcome.value.warnings };
    return;
  }
  const error = outcome.reason;
  if (!(error instanceof DomainError) || error instanceof UnavailableError) throw error;
  job.itemsFailed += 1;
  const fields = error.fields ?? { body: [error.message] };
  const placed = 'errorsAt' in item && item.errorsAt ? item.errorsAt(fields) : underItem(item.path, fields);
  job.validationErrors = { ...job.validationErrors, ...placed };
};

/**
 * Runs a claimed job to its end: validating (the channel's planner reads the input), importing
 * (each item through the catalogue, a few at once, progress saved after each few), then completed,
 * partially_completed or failed, each move with its event. A job resumed after a crash plans
 * again and imports every item again: each item's import key makes the catalogue answer with the
 * release it already made. Any other error (the catalogue unavailable) stops the run and is the
 * work queue's to retry, up to its attempts. Every save is fenced by the run's lease, and the run
 * stops at its next step once the lease's signal is aborted.
 */
export const runJob = async (em: EntityManager, deps: JobRunDeps, job: IngestionJob, lease: WorkLease): Promise<void> => {
  if (job.state === 'queued') {
    job.state = 'validating';
    job.startedAt = deps.now();
    await save(em, lease, job, deps.now(), true);
  }
  const planner = deps.planners[job.source];
  if (!planner) return finish(em, deps, lease, job, `The ${job.source} channel is not available.`);
  let plan: JobPlan;
  try {
    plan = await planner(job, lease.signal);
  } catch (error) {
    if (!(error instanceof UnreadableSubmissionError)) throw error;
    job.validationErrors = error.errors;
    return finish(em, deps, lease, job, error.message);
  }
  Object.assign(job, {
    state: 'importing',
    itemsTotal: plan.total,
    itemsDone: 0,
    itemsFailed: plan.failed,
    releaseIds: [],
    validationErrors: plan.errors,
    warnings: {},
  } satisfies Partial<IngestionJob>);
  await save(em, lease, job, deps.now());
  for (const chunk of chunksOf(plan.items, deps.concurrency)) {
    lease.signal.throwIfAborted();
    const outcomes = await Promise.allSettled(chunk.map((item) => importItem(deps, job.principal, item, plan.resolveMedia)));
    chunk.forEach((item, index) => recordOutcome(job, item, outcomes[index]!));
    await save(em, lease, job, deps.now());
  }
  // Takedowns are queued again on a retried job; delivery sends each store's takedown once.
  for (const takedown of plan.takedowns ?? []) {
    lease.signal.throwIfAborted();
    const [outcome] = await Promise.allSettled([takeDownItem(deps, job.principal, takedown).then((release): ItemOutcome => ({ release, warnings: [] }))]);
    recordOutcome(job, takedown, outcome!);
    await save(em, lease, job, deps.now());
  }
  await finish(em, deps, lease, job, null);
};
