import type { EntityManager } from '@mikro-orm/postgresql';
import { systemPrincipal } from '@sv/contracts';
import type { Logger } from 'pino';
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

/** Takes the oldest due run and leases it to this replica for `leaseMs`. */
export const claimQcRun = (em: EntityManager, leaseMs: number): Promise<QcRun | null> =>
  em.transactional(async (tx) => {
    const [row] = await tx.execute<{ id: string }[]>(
      `select "id" from "delivery"."qc_run"
        where "state" in ('queued', 'running') and ("claimed_until" is null or "claimed_until" < now())
        order by "created_at" limit 1 for update skip locked`,
    );
    if (!row) return null;
    await tx.execute(
      `update "delivery"."qc_run" set "state" = 'running', "attempts" = "attempts" + 1,
         "claimed_until" = now() + (? * interval '1 millisecond'), "updated_at" = now() where "id" = ?`,
      [leaseMs, row.id],
    );
    return tx.findOneOrFail(QcRun, { id: row.id }, { refresh: true });
  });

/**
 * A run that could not finish (a service did not answer) is tried again after `delayMs`, by
 * whichever replica claims it then.
 */
export const postponeQcRun = async (em: EntityManager, runId: string, delayMs: number): Promise<void> => {
  await em.execute(`update "delivery"."qc_run" set "claimed_until" = now() + (? * interval '1 millisecond'), "updated_at" = now() where "id" = ?`, [
    delayMs,
    runId,
  ]);
};

const finish = async (em: EntityManager, run: QcRun, state: 'passed' | 'failed' | 'superseded', checks: QcCheckResult[], reason: string | null) => {
  await em.execute(
    `update "delivery"."qc_run" set "state" = ?, "checks" = ?::jsonb, "reason" = ?, "claimed_until" = null, "finished_at" = now(), "updated_at" = now() where "id" = ?`,
    [state, JSON.stringify(checks), reason, run.id],
  );
};

/**
 * Runs every QC check of the release and tells the catalogue the outcome: qc_pass, or qc_fail
 * with every failed check in the reason. A release no longer in qc_inspection (rejected by hand
 * meanwhile) is left as it is.
 */
export const runQc = async (em: EntityManager, deps: QcDeps, run: QcRun): Promise<QcRun['state']> => {
  const principal = systemPrincipal(run.tenantId, 'delivery');
  const release = await deps.catalogue.snapshot(principal, run.releaseId);
  if (!release || release.status !== 'qc_inspection') {
    await finish(em, run, 'superseded', [], null);
    return 'superseded';
  }
  const stores = await deps.supplyChain.resolvedConfig(run.tenantId, run.releaseId);
  const minDurationSeconds = Math.max(
    QC_LIMITS.minDurationSeconds,
    ...stores.filter((store) => !store.is_blocked).map((store) => STORE_MIN_DURATION_SECONDS[store.dsp.slug] ?? 0),
  );
  const audio = await analyseReleaseAudio(em, deps, release);
  const artwork = release.artwork ? await readArtwork(deps.blobs, release.artwork.key) : null;
  const checks = runQcChecks(release, { audio, artwork, minDurationSeconds });
  const passed = checks.every((check) => check.passed);
  const reason = passed ? null : rejectionReason(checks);
  const outcome = await deps.catalogue.command(run.tenantId, run.releaseId, passed ? 'qc_pass' : 'qc_fail', reason ?? undefined);
  const state = outcome === 'refused' ? 'superseded' : passed ? 'passed' : 'failed';
  await finish(em, run, state, checks, reason);
  deps.logger.info({ release_id: run.releaseId, outcome: state, failed: checks.filter((check) => !check.passed).map((check) => check.code) }, 'qc finished');
  return state;
};
