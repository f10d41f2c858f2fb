import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SupplyChainEvents, type Principal, type ReleaseDsp as SelectedStore } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import { Dsp } from '../../db/entities/dsp.entity.ts';
import { ReleaseDsp } from '../../db/entities/release-dsp.entity.ts';
import { findRegisteredDsp, resolveActiveDsps, type DspReferences } from '../dsps/dsps.service.ts';
import { DspNotFoundError } from '../dsps/dsps.errors.ts';
import type { ReleaseLookupPort } from './ports.ts';
import { findVisibleRelease, isUuid, lockRelease } from './release-access.ts';
import { presentSelectedStore, type SelectedStoreRow } from './release-dsp.presenter.ts';

export interface StoreSelectionDeps {
  em: EntityManager;
  releases: ReleaseLookupPort;
}

/**
 * The live selection of a release, by DSP name. Stores whose destination was retired stay in
 * the table but are not shown: nothing can be delivered to them.
 */
const readSelection = async (em: EntityManager, tenantId: string, releaseId: string): Promise<SelectedStore[]> => {
  const rows = await em.execute<SelectedStoreRow[]>(
    `select d."id" as "dsp_id", d."name" as "dsp_name", d."slug", rd."status", rd."is_blocked"
       from "supply_chain"."release_dsp" rd join "supply_chain"."dsp" d on d."id" = rd."dsp_id"
      where rd."tenant_id" = ? and rd."release_id" = ? and rd."deleted_at" is null and d."is_active"
      order by d."sort_name", d."id"`,
    [tenantId, releaseId],
  );
  return rows.map(presentSelectedStore);
};

/** The slugs of `ids`, by DSP name (the order of every list). */
const slugsOf = (dsps: readonly Dsp[], ids: readonly number[]): string[] =>
  dsps
    .filter((dsp) => ids.includes(dsp.id))
    .sort((a, b) => a.sortName.localeCompare(b.sortName) || a.id - b.id)
    .map((dsp) => dsp.slug);

/** Inserts the stores not yet selected; a concurrent insert of the same store is skipped, never duplicated. */
const insertStores = async (tx: EntityManager, tenantId: string, releaseId: string, dspIds: readonly number[]): Promise<number[]> => {
  if (dspIds.length === 0) return [];
  const now = new Date();
  const rows = dspIds.map((dspId) => ({ id: randomUUID(), dsp_id: dspId }));
  const inserted = await tx.execute<{ dsp_id: number }[]>(
    `insert into "supply_chain"."release_dsp"
       ("id", "tenant_id", "release_id", "dsp_id", "status", "is_blocked", "created_at", "updated_at", "deleted_at")
     select r."id", ?, ?, r."dsp_id", 'pending', false, ?, ?, null
       from jsonb_to_recordset(?::jsonb) as r("id" uuid, "dsp_id" integer)
     on conflict ("tenant_id", "release_id", "dsp_id") where "deleted_at" is null do nothing
     returning "dsp_id"`,
    [tenantId, releaseId, now, now, JSON.stringify(rows)],
  );
  return inserted.map((row) => row.dsp_id);
};

/** Soft-deletes the live rows of these stores; returns the stores actually removed. */
const removeStores = async (tx: EntityManager, tenantId: string, releaseId: string, dspIds: readonly number[]): Promise<number[]> => {
  if (dspIds.length === 0) return [];
  const removed = await tx.execute<{ dsp_id: number }[]>(
    `update "supply_chain"."release_dsp" set "deleted_at" = now(), "updated_at" = now()
      where "tenant_id" = ? and "release_id" = ? and "deleted_at" is null and "dsp_id" = any(?::integer[])
      returning "dsp_id"`,
    [tenantId, releaseId, `{${dspIds.join(',')}}`],
  );
  return removed.map((row) => row.dsp_id);
};

/**
 * Applies one change under the release's lock and records `release.stores.changed` in the same
 * transaction when the selection actually changed. Returns the selection after the change.
 */
const changeSelection = async (
  em: EntityManager,
  tenantId: string,
  releaseId: string,
  change: (tx: EntityManager) => Promise<{ added: string[]; removed: string[] }>,
): Promise<SelectedStore[]> =>
  em.transactional(async (tx) => {
    await lockRelease(tx, tenantId, releaseId);
    const { added, removed } = await change(tx);
    const selection = await readSelection(tx, tenantId, releaseId);
    if (added.length > 0 || removed.length > 0) {
      recordEvent(tx, SupplyChainEvents.storesChanged, tenantId, {
        release_id: releaseId,
        dsps: selection.map((store) => store.slug),
        added,
        removed,
      });
    }
    return selection;
  });

/** GET /releases/{uuid}/dsps: the selection of a release the principal sees (404 otherwise, as every read of it). */
export const releaseStores = async (deps: StoreSelectionDeps, principal: Principal, releaseId: string): Promise<SelectedStore[]> => {
  await findVisibleRelease(deps.releases, principal, releaseId);
  return readSelection(deps.em, principal.tenant_id, releaseId);
};

export interface SelectStoresRequest extends DspReferences {
  /** True: the named stores become the whole selection. False: they are added to it. */
  replace: boolean;
}

/**
 * POST and PUT /releases/{uuid}/dsps. Every named destination must be active, else 404 and
 * nothing changes; stores already selected keep their status and block flag.
 */
export const selectStores = async (
  deps: StoreSelectionDeps,
  principal: Principal,
  releaseId: string,
  request: SelectStoresRequest,
): Promise<SelectedStore[]> => {
  await findVisibleRelease(deps.releases, principal, releaseId);
  const dsps = await resolveActiveDsps(deps.em, request);
  const tenantId = principal.tenant_id;
  return changeSelection(deps.em, tenantId, releaseId, async (tx) => {
    const wanted = dsps.map((dsp) => dsp.id);
    let removedIds: number[] = [];
    if (request.replace) {
      const live = await tx.find(ReleaseDsp, { tenantId, releaseId, deletedAt: null }, { fields: ['dspId'] });
      removedIds = await removeStores(tx, tenantId, releaseId, live.map((row) => row.dspId).filter((id) => !wanted.includes(id)));
    }
    const addedIds = await insertStores(tx, tenantId, releaseId, wanted);
    const removedDsps = removedIds.length > 0 ? await tx.find(Dsp, { id: { $in: removedIds } }, { orderBy: { sortName: 'asc' } }) : [];
    return { added: slugsOf(dsps, addedIds), removed: removedDsps.map((dsp) => dsp.slug) };
  });
};

/**
 * DELETE /releases/{uuid}/dsps/{slug}: idempotent. A store of the registry (active or retired)
 * that is not selected is no error; a slug or id the registry never had is 404.
 */
export const removeStore = async (
  deps: StoreSelectionDeps,
  principal: Principal,
  releaseId: string,
  slugOrId: string,
): Promise<SelectedStore[]> => {
  await findVisibleRelease(deps.releases, principal, releaseId);
  const dsp = await findRegisteredDsp(deps.em, slugOrId);
  if (!dsp) throw new DspNotFoundError(slugOrId);
  return changeSelection(deps.em, principal.tenant_id, releaseId, async (tx) => {
    const removed = await removeStores(tx, principal.tenant_id, releaseId, [dsp.id]);
    return { added: [], removed: removed.length > 0 ? [dsp.slug] : [] };
  });
};

/**
 * Internal, for the catalogue's submit gate: the selection as it stands now. The caller has
 * already checked the release; an id that is not a release simply has no selection.
 */
export const storeSelection = async (em: EntityManager, tenantId: string, releaseId: string): Promise<SelectedStore[]> =>
  isUuid(releaseId) ? readSelection(em, tenantId, releaseId) : [];
