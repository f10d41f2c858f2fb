import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, type ArtistPlan, type Principal, type Role } from '@sv/contracts';
import { Release } from '../../db/entities/release.entity.ts';
import { changeVisibleRelease, findVisibleRelease } from './release-access.ts';
import { liveTrackCount } from './release-tracks.ts';
import { applyTransition, assertTransition } from './release-transitions.ts';
import { PlanReleaseLimitError, SubmitGateError } from './releases.errors.ts';
import type { StoreSelectionPort, TenantPlanPort } from './ports.ts';

export interface SubmitDeps {
  stores: StoreSelectionPort;
  plans: TenantPlanPort;
}

/** Plan enforcement applies to artist and collaborator keys only (spec, Authentication 8). */
const PLAN_BOUND_ROLES: readonly Role[] = ['artist', 'collaborator'];

const utcYearOf = (now: Date): { start: Date; end: Date } => ({
  start: new Date(Date.UTC(now.getUTCFullYear(), 0, 1)),
  end: new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1)),
});

/** Other live releases of the same artist first submitted in this UTC calendar year. */
const submissionsThisYear = (em: EntityManager, release: Release, now: Date): Promise<number> => {
  const { start, end } = utcYearOf(now);
  return em.count(Release, {
    tenantId: release.tenantId,
    artistId: release.artistId,
    deletedAt: null,
    id: { $ne: release.id },
    firstSubmittedAt: { $gte: start, $lt: end },
  });
};

/** The gates that read the catalogue's own rows, in the spec's order around the store gate. */
const assertHasTracks = async (em: EntityManager, release: Release): Promise<void> => {
  if ((await liveTrackCount(em, release.id)) === 0) throw new SubmitGateError('tracks', Messages.addTrackBeforeSubmit);
};
const assertHasReleaseDate = (release: Release): void => {
  if (!release.releaseDate) throw new SubmitGateError('release_date', Messages.setReleaseDateBeforeSubmit);
};
const assertAllowanceLeft = async (em: EntityManager, release: Release, plan: ArtistPlan | null, now: Date): Promise<void> => {
  if (plan && (await submissionsThisYear(em, release, now)) >= plan.releases_per_year) {
    throw new PlanReleaseLimitError(plan.releases_per_year);
  }
};

/**
 * POST /releases/{uuid}/submit. Gates, in order: state (409), a track (422), a store selected at
 * supply-chain right now (422), a release date (422), and for artist-side keys on a tenant with
 * an artist plan, allowance left this year (402). The write re-checks the catalogue's own gates
 * on the locked row, under a per-artist lock when the plan counts, so neither two submits of one
 * release nor two releases racing for the last allowance can both pass.
 */
export const submitRelease = async (deps: SubmitDeps, em: EntityManager, principal: Principal, releaseId: string): Promise<Release> => {
  const now = new Date();
  const release = await findVisibleRelease(em, principal, releaseId);
  assertTransition('submit', release);
  await assertHasTracks(em, release);
  if ((await deps.stores.selectedStores(principal, release.id)).length === 0) {
    throw new SubmitGateError('dsps', Messages.selectStoreBeforeSubmit);
  }
  assertHasReleaseDate(release);
  const plan = PLAN_BOUND_ROLES.includes(principal.role) ? await deps.plans.planOf(principal) : null;
  await assertAllowanceLeft(em, release, plan, now);

  return changeVisibleRelease(em, principal, releaseId, async (tx, locked) => {
    assertTransition('submit', locked);
    await assertHasTracks(tx, locked);
    assertHasReleaseDate(locked);
    if (plan) {
      await tx.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`release-plan:${locked.tenantId}:${locked.artistId ?? ''}`]);
      await assertAllowanceLeft(tx, locked, plan, now);
    }
    return applyTransition(tx, locked, 'submit', {}, now);
  });
};
