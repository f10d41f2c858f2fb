import type { EntityManager } from '@mikro-orm/postgresql';
import type { IngestionSource } from '@sv/contracts';
import { DomainError, UnavailableError } from '@sv/platform';
import type { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';
import { importItem, type ImportedItem } from '../import/import-item.ts';
import type { CataloguePort, DeliveryPort, SupplyChainPort } from '../import/ports.ts';
import { takeDownItem } from '../import/take-down-item.ts';
import { underItem } from './item-paths.ts';
import { recordJobEvent } from './job-events.ts';
import { UnreadableSubmissionError, type JobPlan, type PlannedItem, type PlannedTakedown } from './job-plan.ts';
import { ingestionJobDuration } from './job-metrics.ts';

/** Turns a job's stored input into the items to import; each channel has its own. */
export type JobPlanner = (job: IngestionJob) => Promise<JobPlan>;

export interface JobRunDeps {
  catalogue: CataloguePort;
  supplyChain: SupplyChainPort;
  delivery: DeliveryPort;
  planners: Partial<Record<IngestionSource, JobPlanner>>;
  /** Releases of one job imported at once. */
  concurrency: number;
  leaseMs: number;
  now: () => Date;
}

export const NOTHING_IMPORTED = 'No release could be imported; see validation_errors.';

const chunksOf = <T>(items: T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
};

const finish = async (em: EntityManager, deps: JobRunDeps, job: IngestionJob, error: string | null): Promise<void> => {
  const now = deps.now();
  job.state = error !== null || job.itemsDone === 0 ? 'failed' : job.itemsFailed > 0 ? 'partially_completed' : 'completed';
  job.error = job.state === 'failed' ? (error ?? NOTHING_IMPORTED) : null;
  job.input = null;
  job.claimedUntil = null;
  job.finishedAt = now;
  job.updatedAt = now;
  recordJobEvent(em, job);
  await em.flush();
  ingestionJobDuration.observe({ source: job.source, state: job.state }, Math.max(0, now.getTime() - job.createdAt.getTime()) / 1000);
};

const saveProgress = async (em: EntityManager, deps: JobRunDeps, job: IngestionJob): Promise<void> => {
  job.claimedUntil = new Date(deps.now().getTime() + deps.leaseMs);
  job.updatedAt = deps.now();
  await em.flush();
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
 * release it already made. The catalogue being unavailable stops the run; the job is retried.
 */
export const runJob = async (em: EntityManager, deps: JobRunDeps, job: IngestionJob): Promise<void> => {
  if (job.state === 'queued') {
    job.state = 'validating';
    job.startedAt = deps.now();
    job.updatedAt = deps.now();
    recordJobEvent(em, job);
    await em.flush();
  }
  const planner = deps.planners[job.source];
  if (!planner) return finish(em, deps, job, `The ${job.source} channel is not available.`);
  let plan: JobPlan;
  try {
    plan = await planner(job);
  } catch (error) {
    if (!(error instanceof UnreadableSubmissionError)) throw error;
    job.validationErrors = error.errors;
    return finish(em, deps, job, error.message);
  }
  Object.assign(job, {
    state: 'importing',
    itemsTotal: plan.total,
    itemsDone: 0,
    itemsFailed: plan.failed,
    releaseIds: [],
    validationErrors: plan.errors,
    warnings: {},
    claimedUntil: new Date(deps.now().getTime() + deps.leaseMs),
    updatedAt: deps.now(),
  } satisfies Partial<IngestionJob>);
  await em.flush();
  for (const chunk of chunksOf(plan.items, deps.concurrency)) {
    const outcomes = await Promise.allSettled(chunk.map((item) => importItem(deps, job.principal, item, plan.resolveMedia)));
    chunk.forEach((item, index) => recordOutcome(job, item, outcomes[index]!));
    await saveProgress(em, deps, job);
  }
  // Takedowns are queued again on a retried job; delivery sends each store's takedown once.
  for (const takedown of plan.takedowns ?? []) {
    const [outcome] = await Promise.allSettled([takeDownItem(deps, job.principal, takedown).then((release): ItemOutcome => ({ release, warnings: [] }))]);
    recordOutcome(job, takedown, outcome!);
    await saveProgress(em, deps, job);
  }
  await finish(em, deps, job, null);
};
