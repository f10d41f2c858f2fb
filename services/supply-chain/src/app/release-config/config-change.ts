import type { EntityManager } from '@mikro-orm/postgresql';
import { CONFIG_FIELDS, SupplyChainConfigEvents, type EffectiveStoreConfig, type Principal, type ReleaseStatus } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import type { ReleaseLookupPort } from '../release-dsps/ports.ts';
import { findVisibleRelease, lockRelease } from '../release-dsps/release-access.ts';
import type { ReleaseLevelConfig } from './config-layers.ts';
import { ReleaseConfigLockedError } from './release-config.errors.ts';
import { loadAttachedStores, loadReleaseLevel, type AttachedStoreRecord } from './release-config.queries.ts';
import { resolveEffectiveConfig } from './resolve-effective-config.ts';

export interface ReleaseConfigDeps {
  em: EntityManager;
  releases: ReleaseLookupPort;
}

/**
 * Settings change freely before submit (draft) and after a rejection; after QC they change too,
 * and delivery then sends the stores an update. In review (pending, qc_inspection) the release
 * is being judged as it is, and a taken-down release is delivered nowhere: 409.
 */
const CHANGEABLE: ReadonlySet<ReleaseStatus> = new Set(['draft', 'rejected', 'approved', 'live']);
/** Stores may already hold a message: a change is announced so delivery sends an update. */
const DELIVERED: ReadonlySet<ReleaseStatus> = new Set(['approved', 'live']);

/** A release's configuration read whole under one transaction: its layers and what they resolve to. */
export interface ConfigState {
  level: ReleaseLevelConfig;
  stores: AttachedStoreRecord[];
  effective: EffectiveStoreConfig[];
}

export const readConfigState = async (
  em: EntityManager,
  tenantId: string,
  releaseId: string,
  catalogueReleaseDate: string | null,
): Promise<ConfigState> => {
  // One after the other: inside a transaction both run on its one connection anyway.
  const level = await loadReleaseLevel(em, tenantId, releaseId);
  const stores = await loadAttachedStores(em, tenantId, releaseId);
  return { level, stores, effective: stores.map((store) => resolveEffectiveConfig(store, { release: level, catalogueReleaseDate })) };
};

/** What a store receives: everything but its stage and where each value came from. */
const delivered = (config: EffectiveStoreConfig) => {
  const { status: _status, sources: _sources, ...rest } = config;
  return rest;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The attached unblocked stores whose effective config changed, and which fields changed for them. */
export const configDifference = (before: ConfigState, after: ConfigState): { dsps: string[]; fields: string[] } => {
  const previous = new Map(before.effective.map((config) => [config.dsp.dsp_id, config]));
  const dsps: string[] = [];
  const fields = new Set<string>();
  for (const config of after.effective) {
    if (config.is_blocked) continue;
    const old = previous.get(config.dsp.dsp_id);
    if (old && same(delivered(old), delivered(config))) continue;
    dsps.push(config.dsp.slug);
    for (const field of CONFIG_FIELDS) if (!old || !same(old[field], config[field])) fields.add(field);
    if (!old || old.is_blocked !== config.is_blocked) fields.add('is_blocked');
  }
  return { dsps, fields: [...fields].sort() };
};

/**
 * Runs one change of a release's settings: the release must be visible (404) and in a state
 * that allows it (409); then, in one transaction under the release's lock, `change` writes and
 * `reply` shapes the state after it (with what `change` answered). For an approved or live
 * release, `release.config.changed` is recorded in the same transaction, naming the stores
 * whose effective config actually changed. The state is the catalogue's answer just before the
 * transaction: the catalogue owns it, and a release moving meanwhile is read afresh by delivery.
 */
export const changeReleaseConfig = async <C, T>(
  deps: ReleaseConfigDeps,
  principal: Principal,
  releaseId: string,
  change: (tx: EntityManager, state: ConfigState) => Promise<C>,
  reply: (state: ConfigState, changed: C) => T,
): Promise<T> => {
  const release = await findVisibleRelease(deps.releases, principal, releaseId);
  if (!CHANGEABLE.has(release.status)) throw new ReleaseConfigLockedError(release.status);
  const tenantId = principal.tenant_id;
  const releaseDate = release.release_date ?? null;
  return deps.em.transactional(async (tx) => {
    await lockRelease(tx, tenantId, releaseId);
    const before = await readConfigState(tx, tenantId, releaseId, releaseDate);
    const changed = await change(tx, before);
    const after = await readConfigState(tx, tenantId, releaseId, releaseDate);
    if (DELIVERED.has(release.status)) {
      const difference = configDifference(before, after);
      if (difference.dsps.length > 0) {
        recordEvent(tx, SupplyChainConfigEvents.configChanged, tenantId, { release_id: releaseId, ...difference });
      }
    }
    return reply(after, changed);
  });
};
