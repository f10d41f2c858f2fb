import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, systemPrincipal, type DeliveryKind, type OnboardingStep, type OnboardingStepReply } from '@sv/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@sv/platform';
import { storeStagesOf } from '../lifecycle/store-stage.ts';
import { deliverRelease, purgeRelease, type CommandDeps } from '../queue/delivery-commands.ts';
import { releaseDateChange, territoriesChange, trackStreamingWithdrawal, type StoreChange } from './onboarding-changes.ts';

/*
 * One step of a store's onboarding series (the sandbox's operator command runs them in order and
 * waits for each delivery to be sent before the next). Every step is a real delivery through the
 * queue: the first a new release, the settings steps a change of the store's override that
 * delivery answers with an update (as for any change a label makes), the last a takedown.
 */

export interface OnboardingStepRequest {
  releaseId: string;
  slug: string;
  step: OnboardingStep;
  /** YYYY-MM-DD, UTC. */
  today: string;
}

/** Stages in which the store holds a message of the release that an update may follow. */
const UPDATABLE = new Set(['submitted', 'accepted', 'live', 'update_submitted', 'updated']);

const KIND_OF_STEP: Readonly<Record<OnboardingStep, DeliveryKind>> = {
  new_release: 'new',
  territories_change: 'update',
  release_date_change: 'update',
  track_streaming_withdrawal: 'update',
  takedown: 'takedown',
};

/** `1 deal`, `3 deals`: as the command prints what a step changed. */
const dealCount = (count: number): string => `${count} ${count === 1 ? 'deal' : 'deals'}`;

/** The release's tenant, as the sandbox's delivery knows it: from the release's QC or its deliveries. */
const tenantOfRelease = async (em: EntityManager, releaseId: string): Promise<string> => {
  const [row] = await em.execute<{ tenant_id: string }[]>(
    `select "tenant_id" from "delivery"."qc_run" where "release_id" = ?
      union all select "tenant_id" from "delivery"."delivery" where "release_id" = ? limit 1`,
    [releaseId, releaseId],
  );
  if (!row) throw new NotFoundError(Messages.onboardingReleaseUnknown, 'delivery.onboarding_release_unknown');
  return row.tenant_id;
};

/**
 * The store's new-release delivery when approval already queued or sent it (the pipeline delivers
 * an approved release to its stores), undefined when the store has received nothing yet; a store
 * that received more than that first message cannot start a series with this release.
 */
const firstDelivery = async (em: EntityManager, tenantId: string, releaseId: string, store: { slug: string; name: string }, stage: string | undefined): Promise<string | undefined> => {
  const deliveries = await em.execute<{ id: string; kind: string }[]>(
    `select "id", "kind" from "delivery"."delivery"
      where "tenant_id" = ? and "release_id" = ? and "dsp_slug" = ? and "state" <> 'cancelled' order by "created_at"`,
    [tenantId, releaseId, store.slug],
  );
  const [only] = deliveries;
  if (deliveries.length === 1 && only?.kind === 'new') return only.id;
  if (deliveries.length === 0 && stage === undefined) return undefined;
  throw new ConflictError(Messages.onboardingStartsNew(store.name), 'delivery.onboarding_already_delivered');
};

export const runOnboardingStep = async (em: EntityManager, deps: CommandDeps, request: OnboardingStepRequest): Promise<OnboardingStepReply> => {
  const { releaseId, step } = request;
  const slug = request.slug.toLowerCase();
  const tenantId = await tenantOfRelease(em, releaseId);
  const principal = systemPrincipal(tenantId, 'onboarding');
  const release = await deps.catalogue.snapshot(principal, releaseId);
  if (!release) throw new NotFoundError(Messages.releaseNotFound, 'release.not_found');
  const store = (await deps.supplyChain.resolvedConfig(tenantId, releaseId)).find((candidate) => candidate.dsp.slug === slug);
  if (!store) throw new ValidationError({ dsp: [Messages.dspNotAttached(slug)] }, Messages.dspNotAttached(slug));
  if (release.tracks.length < 2) throw new ConflictError(Messages.onboardingNeedsAlbum, 'delivery.onboarding_needs_album');
  const stage = (await storeStagesOf(em, tenantId, releaseId)).get(slug);
  const queuedAfter = new Date().toISOString();
  const reply = (deliveryId: string | null, changes: StoreChange['changes']): OnboardingStepReply => ({
    step,
    release_id: releaseId,
    dsp: slug,
    tenant_id: tenantId,
    kind: KIND_OF_STEP[step],
    delivery_id: deliveryId,
    queued_after: queuedAfter,
    changes,
  });

  if (step === 'new_release') {
    const first = await firstDelivery(em, tenantId, releaseId, store.dsp, stage);
    const deliveryId = first ?? (await deliverRelease(em, deps, principal, releaseId, { slug }))[0]?.id ?? null;
    return reply(deliveryId, [{ field: 'message', from: null, to: `new release, ${release.tracks.length} tracks, ${dealCount(store.deals.length)}` }]);
  }
  if (!stage || !UPDATABLE.has(stage)) throw new ConflictError(Messages.onboardingNeedsDelivered(store.dsp.name), 'delivery.onboarding_not_delivered');
  if (step === 'takedown') {
    const [queued] = await purgeRelease(em, deps, principal, releaseId, { slug });
    return reply(queued?.id ?? null, [{ field: 'deals', from: dealCount(store.deals.length), to: 'none: taken down' }]);
  }
  const change =
    step === 'territories_change'
      ? territoriesChange(store)
      : step === 'release_date_change'
        ? releaseDateChange(store, request.today)
        : trackStreamingWithdrawal(store, release);
  // Supply-chain records the change with release.config.changed; delivery's consumer queues the update.
  await deps.supplyChain.overrideStore(tenantId, releaseId, slug, change.override);
  return reply(null, change.changes);
};
