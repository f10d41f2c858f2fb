import type { EntityManager } from '@mikro-orm/postgresql';
import { systemPrincipal } from '@sv/contracts';
import type { Logger, WorkLease } from '@sv/platform';
import { QcRun, type QcCheckResult } from '../../db/entities/qc-run.entity.ts';
import type { CataloguePort, SupplyChainPort } from '../ports.ts';
import { analyseReleaseAudio, readArtwork, type EvidenceDeps } from './evidence.ts';
import { rejectionReason, runQcChecks } from './qc-rules.ts';
import { QC_LIMITS, STORE_MIN_DURATION_SECONDS } from './qc-thresholds.ts';

export interface QcDeps extends EvidenceDeps {
  catalogue: CataloguePort;
  supplyChain: SupplyChainPort;
  logger: Logger;
}

/** Queues a QC run for a release that entered qc_inspection (once per event). */
export const queueQcRun = async (em: EntityManager, tenantId: string, releaseId: string, eventId: string): Promise<void> => {
  const now = new Date();
  await em.execute(
    `insert into "delivery"."qc_run" ("id", "tenant_id", "release_id", "event_id", "state", "attempts", "checks", "created_at", "updated_at")
       values (gen_random_uuid(), ?, ?, ?, 'queued', 0, '[]', ?, ?) on conflict ("event_id") do nothing`,
    [tenantId, releaseId, eventId, now, now],
  );
};

/** Records the run's decision, fenced by its lease: a run whose lease was lost records nothing. */
const finish = (lease: WorkLease, run: QcRun, state: 'passed' | 'failed' | 'superseded', checks: QcCheckResult[], reason: string | null) =>
  lease.commit((tx) =>
    tx.execute(`update "delivery"."qc_run" set "state" = ?, "checks" = ?::jsonb, "reason" = ?, "finished_at" = now(), "updated_at" = now() where "id" = ?`, [
      state,
      JSON.stringify(checks),
      reason,
      run.id,
    ]),
  );

/** A run the queue gave up (its attempts spent without a decision): finished, dead, with the queue's last error. */
export const endGivenUpQcRun = async (tx: EntityManager, runId: string): Promise<void> => {
  await tx.execute(`update "delivery"."qc_run" set "finished_at" = now(), "updated_at" = now() where "id" = ?`, [runId]);
};

/**
 * Runs every QC check of the release and tells the catalogue the outcome: qc_pass, or qc_fail
 * with every failed check in the reason. A release no longer in qc_inspection (rejected by hand
 * meanwhile) is left as it is. A service that does not answer throws: the QC queue retries.
 */
export const runQc = async (em: EntityManager, deps: QcDeps, run: QcRun, lease: WorkLease): Promise<QcRun['state']> => {
  const principal = systemPrincipal(run.tenantId, 'delivery');
  const release = await deps.catalogue.snapshot(principal, run.releaseId);
  if (!release || release.status !== 'qc_inspection') {
    await finish(lease, run, 'superseded', [], null);
    return 'superseded';
  }
  const stores = await deps.supplyChain.resolvedConfig(run.tenantId, run.releaseId);
  const minDurationSeconds = Math.max(
    QC_LIMITS.minDurationSeconds,
    ...stores.filter((store) => !store.is_blocked).map((store) => STORE_MIN_DURATION_SECONDS[store.dsp.slug] ?? 0),
  );
  const audio = await analyseReleaseAudio(em, deps, release);
  const artwork = release.artwork ? await readArtwork(deps.blobs, release.artwork.key) : null;
  lease.signal.throwIfAborted();
  const checks = runQcChecks(release, { audio, artwork, minDurationSeconds });
  const passed = checks.every((check) => check.passed);
  const reason = passed ? null : rejectionReason(checks);
  const outcome = await deps.catalogue.command(run.tenantId, run.releaseId, passed ? 'qc_pass' : 'qc_fail', reason ?? undefined);
  const state = outcome === 'refused' ? 'superseded' : passed ? 'passed' : 'failed';
  await finish(lease, run, state, checks, reason);
  deps.logger.info({ release_id: run.releaseId, outcome: state, failed: checks.filter((check) => !check.passed).map((check) => check.code) }, 'qc finished');
  return state;
};
