import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, type DeliveryKind, type EffectiveStoreConfig, type Principal } from '@sv/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@sv/platform';
import { storeStagesOf } from '../lifecycle/store-stage.ts';
import type { CataloguePort, SupplyChainPort } from '../ports.ts';
import { cancelWaitingDeliveries, queueDeliveries, type DeliveryRequest, type QueuedDelivery } from './enqueue.ts';
import { nextDeliveryKind } from './ern-message.ts';

export interface CommandDeps {
  catalogue: CataloguePort;
  supplyChain: SupplyChainPort;
}

const DELIVERABLE = new Set(['approved', 'live']);

/** The release (visible to the principal) and its attached stores; 404 and 422 as the spec says. */
const releaseAndStores = async (deps: CommandDeps, principal: Principal, releaseId: string) => {
  const release = await deps.catalogue.snapshot(principal, releaseId);
  if (!release) throw new NotFoundError(Messages.releaseNotFound, 'release.not_found');
  const stores = await deps.supplyChain.resolvedConfig(principal.tenant_id, releaseId);
  if (stores.length === 0) throw new ValidationError({ dsps: [Messages.noDspsAttached] }, Messages.noDspsAttached);
  return { release, stores };
};

const attachedStore = (stores: EffectiveStoreConfig[], slug: string): EffectiveStoreConfig => {
  const store = stores.find((candidate) => candidate.dsp.slug === slug.toLowerCase());
  if (!store) throw new ValidationError({ dsp: [Messages.dspNotAttached(slug)] }, Messages.dspNotAttached(slug));
  return store;
};

const requestOf = (principal: Principal, releaseId: string, store: EffectiveStoreConfig, kind: DeliveryKind, reason: string): DeliveryRequest => ({
  tenantId: principal.tenant_id,
  releaseId,
  dsp: { dsp_id: store.dsp.dsp_id, slug: store.dsp.slug, name: store.dsp.name },
  kind,
  reason,
  schedule: { releaseDate: store.release_date, leadTimeDays: store.dsp.lead_time_days },
});

export interface DeliverRequest {
  /** One store (its slug), or every attached unblocked store. */
  slug?: string;
}

/** POST /releases/{uuid}/ddex/deliver[/{dsp_slug}]: queue the release's current state. */
export const deliverRelease = async (em: EntityManager, deps: CommandDeps, principal: Principal, releaseId: string, request: DeliverRequest): Promise<QueuedDelivery[]> => {
  const { release, stores } = await releaseAndStores(deps, principal, releaseId);
  let targets = stores.filter((store) => !store.is_blocked);
  if (request.slug !== undefined) {
    const store = attachedStore(stores, request.slug);
    if (store.is_blocked) throw new ConflictError(Messages.dspBlocked(store.dsp.name), 'delivery.dsp_blocked');
    targets = [store];
  }
  if (!DELIVERABLE.has(release.status)) throw new ConflictError(Messages.onlyDeliveredReleasesDeliver, 'delivery.release_not_deliverable');
  return em.transactional(async (tx) => {
    const stages = await storeStagesOf(tx, principal.tenant_id, releaseId);
    return queueDeliveries(tx, targets.map((store) => requestOf(principal, releaseId, store, nextDeliveryKind(stages.get(store.dsp.slug)), 'deliver')));
  });
};

/**
 * POST /releases/{uuid}/ddex/redeliver[/{dsp_slug}]: send again what each store last received
 * (the same version is byte-identical, so the store sees a repeat, not a change).
 */
export const redeliverRelease = async (em: EntityManager, deps: CommandDeps, principal: Principal, releaseId: string, request: DeliverRequest): Promise<QueuedDelivery[]> => {
  const { release, stores } = await releaseAndStores(deps, principal, releaseId);
  const one = request.slug !== undefined ? attachedStore(stores, request.slug) : undefined;
  if (one?.is_blocked) throw new ConflictError(Messages.dspBlocked(one.dsp.name), 'delivery.dsp_blocked');
  if (!DELIVERABLE.has(release.status)) throw new ConflictError(Messages.onlyDeliveredReleasesRedeliver, 'delivery.release_not_deliverable');
  return em.transactional(async (tx) => {
    const last = await tx.execute<{ dsp_slug: string; kind: DeliveryKind }[]>(
      `select distinct on ("dsp_slug") "dsp_slug", "kind" from "delivery"."delivery"
        where "tenant_id" = ? and "release_id" = ? and "state" in ('sent', 'rejected', 'failed') order by "dsp_slug", "created_at" desc`,
      [principal.tenant_id, releaseId],
    );
    const lastKind = new Map(last.map((row) => [row.dsp_slug, row.kind]));
    if (one && !lastKind.has(one.dsp.slug)) throw new ConflictError(Messages.nothingToRedeliver(one.dsp.name), 'delivery.nothing_to_redeliver');
    const targets = (one ? [one] : stores.filter((store) => !store.is_blocked && lastKind.has(store.dsp.slug))).filter(
      (store) => lastKind.get(store.dsp.slug) !== 'takedown',
    );
    return queueDeliveries(tx, targets.map((store) => requestOf(principal, releaseId, store, lastKind.get(store.dsp.slug) ?? 'new', 'redeliver')));
  });
};

/**
 * POST /releases/{uuid}/ddex/purge: a takedown to every attached store that received the release
 * (blocked ones too: a block stops new deliveries, not the removal of old ones), or to the one
 * store named (an onboarding series' last step). Messages still waiting for those stores are cancelled.
 */
export const purgeRelease = async (
  em: EntityManager,
  deps: CommandDeps,
  principal: Principal,
  releaseId: string,
  request: DeliverRequest = {},
): Promise<QueuedDelivery[]> => {
  const { release, stores } = await releaseAndStores(deps, principal, releaseId);
  if (!DELIVERABLE.has(release.status)) throw new ConflictError(Messages.onlyApprovedOrLiveTakedown, 'delivery.release_not_deliverable');
  const named = request.slug === undefined ? stores : [attachedStore(stores, request.slug)];
  return em.transactional(async (tx) => {
    const stages = await storeStagesOf(tx, principal.tenant_id, releaseId);
    const targets = named.filter((store) => stages.has(store.dsp.slug) && !['takedown_submitted', 'taken_down'].includes(stages.get(store.dsp.slug) ?? ''));
    for (const store of targets) await cancelWaitingDeliveries(tx, principal.tenant_id, releaseId, store.dsp.slug);
    return queueDeliveries(tx, targets.map((store) => requestOf(principal, releaseId, store, 'takedown', 'purge')));
  });
};
