import type { Principal } from '@sv/contracts';
import type { TenantPlanPort } from '../releases/ports.ts';
import { PlanLacksVideoDistributionError } from './videos.errors.ts';

/** The roles plan enforcement applies to (spec, Authentication 8), roster flag or not. */
const PLAN_BOUND_ROLES: readonly Principal['role'][] = ['artist', 'collaborator'];

/**
 * Refuses video create and submit (403) for artist and collaborator principals of a tenant whose
 * artist plan lacks video distribution. Tenants without an artist plan, and every other role,
 * are not bound by plans.
 */
export const assertPlanAllowsVideo = async (plans: TenantPlanPort, principal: Principal): Promise<void> => {
  if (!PLAN_BOUND_ROLES.includes(principal.role)) return;
  const plan = await plans.planOf(principal);
  if (plan && !plan.video_distribution) throw new PlanLacksVideoDistributionError();
};
