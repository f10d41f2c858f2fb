import type { EntityManager } from '@mikro-orm/postgresql';
import { recordStoreStage, storeStagesOf } from '../lifecycle/store-stage.ts';
import type { SupplyChainPort } from '../ports.ts';
import { queueDeliveries, type QueuedDelivery } from './enqueue.ts';

type ResolvedStore = Awaited<ReturnType<SupplyChainPort['resolvedConfig']>>[number];

/** A store's delivery of the release as queued, with what its lead time is reckoned from. */
const deliveryTo = (store: ResolvedStore, of: { tenantId: string; releaseId: string; kind: 'new' | 'update'; reason: string }) => ({
  ...of,
  dsp: { dsp_id: store.dsp.dsp_id, slug: store.dsp.slug, name: store.dsp.name },
  schedule: { releaseDate: store.release_date, leadTimeDays: store.dsp.lead_time_days },
});

/**
 * QC passed and the catalogue announced release.delivered: every attached, unblocked store
 * enters its delivery pipeline (`release.dsp.<slug>.delivered`) with a new-release message
 * queued. A store that already entered it (a redelivered event) is not entered twice.
 */
export const enterPipeline = async (em: EntityManager, supplyChain: SupplyChainPort, tenantId: string, releaseId: string): Promise<QueuedDelivery[]> => {
  const stores = await supplyChain.resolvedConfig(tenantId, releaseId);
  const reached = await storeStagesOf(em, tenantId, releaseId);
  const entering = stores.filter((store) => !store.is_blocked && !reached.has(store.dsp.slug));
  const queued = await queueDeliveries(
    em,
    entering.map((store) => deliveryTo(store, { tenantId, releaseId, kind: 'new', reason: 'qc_pass' })),
  );
  for (const delivery of queued) {
    const store = entering.find((candidate) => candidate.dsp.slug === delivery.dspSlug);
    if (!store) continue;
    await recordStoreStage(em, { tenantId, releaseId, dsp: { slug: store.dsp.slug, name: store.dsp.name }, stage: 'delivered', deliveryId: delivery.id });
  }
  return queued;
};

/** Stages after which a store holds nothing to update. */
const GONE = new Set(['takedown_submitted', 'taken_down']);

/**
 * The release's supply-chain config changed after delivery: each named store that already
 * received a message (and was not taken down) gets an update; its event follows when it is sent.
 */
export const queueConfigUpdates = async (em: EntityManager, supplyChain: SupplyChainPort, tenantId: string, releaseId: string, slugs: readonly string[]): Promise<QueuedDelivery[]> => {
  const stages = await storeStagesOf(em, tenantId, releaseId);
  const sent = await em.execute<{ dsp_slug: string }[]>(
    `select distinct "dsp_slug" from "delivery"."delivery" where "tenant_id" = ? and "release_id" = ? and "state" in ('sent', 'rejected')`,
    [tenantId, releaseId],
  );
  const received = new Set(sent.map((row) => row.dsp_slug));
  const targets = slugs.filter((slug) => received.has(slug) && !GONE.has(stages.get(slug) ?? ''));
  if (targets.length === 0) return [];
  const stores = await supplyChain.resolvedConfig(tenantId, releaseId);
  return queueDeliveries(
    em,
    stores
      .filter((store) => targets.includes(store.dsp.slug) && !store.is_blocked)
      .map((store) => deliveryTo(store, { tenantId, releaseId, kind: 'update', reason: 'config_change' })),
  );
};
