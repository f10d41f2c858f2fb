import type { DeliveryPlan, EffectiveStoreConfig, ReleaseSnapshot } from '@sv/contracts';
import type { StoreProfile } from './config-layers.ts';
import { storeLeadTime } from './lead-time.ts';
import { releaseProblems, storeProblems } from './readiness.ts';

export interface PlannedStore {
  profile: StoreProfile;
  config: EffectiveStoreConfig;
}

/**
 * The per-store plan with its readiness. A store is ready with no error of its own; the release
 * is ready with no release-wide error and no error at a store that is not blocked (blocked
 * stores are skipped, so their problems do not hold the others up). Each store shows its lead
 * time and the date its message should arrive by, with a lead_time warning once that date is missed.
 */
export const buildDeliveryPlan = (release: ReleaseSnapshot, stores: readonly PlannedStore[], today: string): DeliveryPlan => {
  const planned = stores.map(({ profile, config }) => {
    const leadTime = storeLeadTime(config, today);
    const problems = [...storeProblems(profile, config, today), ...(leadTime.problem ? [leadTime.problem] : [])];
    return {
      dsp: config.dsp,
      effective_config: config,
      ern_version: config.dsp.ern_version,
      transport: config.dsp.delivery_method,
      is_blocked: config.is_blocked,
      deals: config.deals,
      problems,
      ready: problems.every((problem) => problem.severity !== 'error'),
      lead_time_days: leadTime.lead_time_days,
      deliver_by: leadTime.deliver_by,
    };
  });
  const problems = releaseProblems(
    release,
    stores.map((store) => store.config),
  );
  const hasError = problems.some((problem) => problem.severity === 'error');
  return {
    release_id: release.uuid,
    ready: !hasError && planned.every((store) => store.is_blocked || store.ready),
    stores: planned,
    problems,
  };
};
