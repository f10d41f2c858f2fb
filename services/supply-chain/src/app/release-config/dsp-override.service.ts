import type { EntityManager } from '@mikro-orm/postgresql';
import type { DspOverrideBody, DspOverrides, Principal, ReleaseConfigDsp } from '@sv/contracts';
import { DspNotFoundError } from '../dsps/dsps.errors.ts';
import { findRegisteredDsp } from '../dsps/dsps.service.ts';
import { changeReleaseConfig, type ReleaseConfigDeps } from './config-change.ts';
import { validOverrideBody } from './config-validation.ts';
import { applyOverrideChange, assertOverrideTerritories } from './override-change.ts';
import { DspNotAttachedError } from './release-config.errors.ts';
import type { AttachedStoreRecord } from './release-config.queries.ts';
import { presentConfigDsp } from './release-config.presenter.ts';

const writeOverride = async (tx: EntityManager, store: AttachedStoreRecord, overrides: DspOverrides, isBlocked: boolean) => {
  await tx.execute(
    `update "supply_chain"."release_dsp" set "overrides" = ?::jsonb, "is_blocked" = ?, "updated_at" = now() where "id" = ?`,
    [JSON.stringify(overrides), isBlocked, store.releaseDspId],
  );
};

/**
 * PUT /releases/{uuid}/dsps/{slug}: one store's block flag and overrides. The store must be an
 * active destination (404) attached to the release (422).
 */
export const overrideDsp = async (
  deps: ReleaseConfigDeps,
  principal: Principal,
  releaseId: string,
  slugOrId: string,
  body: DspOverrideBody,
): Promise<ReleaseConfigDsp> => {
  const change = validOverrideBody(body);
  return changeReleaseConfig(
    deps,
    principal,
    releaseId,
    async (tx, state) => {
      const dsp = await findRegisteredDsp(tx, slugOrId);
      if (!dsp || !dsp.isActive) throw new DspNotFoundError(slugOrId);
      const store = state.stores.find((candidate) => candidate.profile.dsp.dsp_id === dsp.id);
      if (!store) throw new DspNotAttachedError(slugOrId);
      const overrides = applyOverrideChange(store.overrides, change);
      assertOverrideTerritories(overrides);
      await writeOverride(tx, store, overrides, change.is_blocked ?? store.is_blocked);
      return dsp.id;
    },
    (state, dspId) => {
      const store = state.stores.find((candidate) => candidate.profile.dsp.dsp_id === dspId);
      // The store was attached under the lock a moment ago; it cannot have gone.
      if (!store) throw new DspNotAttachedError(slugOrId);
      return presentConfigDsp(store);
    },
  );
};
