import type { EntityManager } from '@mikro-orm/postgresql';
import { systemPrincipal, type DeliveryKind, type DspStage } from '@sv/contracts';
import { ErnBuildError } from '@sv/ddex';
import type { BlobStore } from '@sv/platform';
import type { Logger } from 'pino';
import { recordStoreStage } from '../lifecycle/store-stage.ts';
import type { CataloguePort, SupplyChainPort, TenantPartyPort } from '../ports.ts';
import type { SessionOpener } from '../transports/open-session.ts';
import { bundleOf, deliveredFiles, prepareMessage, versionOf, type MessageParties } from './bundle.ts';
import { buildValidatedErn, storeErnVersion } from './ern-message.ts';
import type { ErnValidators } from './ern-validators.ts';
import { fileDigests } from './file-digests.ts';
import type { ClaimedDelivery } from './claim.ts';
import { retryDelayMs, type RetrySettings } from './retry-schedule.ts';

export interface SendDeps {
  blobs: BlobStore;
  catalogue: CataloguePort;
  supplyChain: SupplyChainPort;
  parties: TenantPartyPort;
  validators: ErnValidators;
  openSession: SessionOpener;
  retry: RetrySettings;
  sender: MessageParties['sender'];
  control: MessageParties['control'];
  logger: Logger;
}

const SENT_STAGE: Record<DeliveryKind, DspStage> = { new: 'submitted', update: 'update_submitted', takedown: 'takedown_submitted' };

/** A delivery that cannot succeed by trying again (invalid message, store detached). */
class PermanentFailure extends Error {}

const recordAttempt = (em: EntityManager, delivery: ClaimedDelivery, outcome: 'sent' | 'failed', error: string | null, startedAt: Date) =>
  em.execute(
    `insert into "delivery"."delivery_attempt" ("id", "delivery_id", "tenant_id", "attempt", "outcome", "error", "started_at", "finished_at")
      values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, now()) on conflict ("delivery_id", "attempt") do nothing`,
    [delivery.id, delivery.tenantId, delivery.attempt, outcome, error, startedAt],
  );

/** The version the store last received from us (for idempotent redelivery of the same version). */
const lastSentVersion = async (em: EntityManager, delivery: ClaimedDelivery) => {
  const [row] = await em.execute<{ content_hash: string; message_id: string; message_created_at: Date }[]>(
    `select "content_hash", "message_id", "message_created_at" from "delivery"."delivery"
      where "tenant_id" = ? and "release_id" = ? and "dsp_slug" = ? and "state" in ('sent', 'rejected') and "kind" = ? and "content_hash" is not null
      order by "sent_at" desc limit 1`,
    [delivery.tenantId, delivery.releaseId, delivery.dspSlug, delivery.kind],
  );
  return row;
};

/**
 * One attempt at one delivery: read the release and the store's effective config as they are
 * now, build the message in the ERN version the store's registry entry names, validate it with
 * that version's schema and reference checks (never sent when invalid), and send the bundle with
 * the store's transport. A sent message moves the store's stage and emits its event; a failed
 * attempt is retried with backoff until the attempts run out.
 */
export const sendDelivery = async (em: EntityManager, deps: SendDeps, delivery: ClaimedDelivery): Promise<'sent' | 'retry' | 'failed' | 'cancelled'> => {
  const startedAt = new Date();
  const log = deps.logger.child({ delivery_id: delivery.id, dsp: delivery.dspSlug, kind: delivery.kind, attempt: delivery.attempt });
  try {
    const release = await deps.catalogue.snapshot(systemPrincipal(delivery.tenantId, 'delivery'), delivery.releaseId);
    const stores = await deps.supplyChain.resolvedConfig(delivery.tenantId, delivery.releaseId);
    const store = stores.find((candidate) => candidate.dsp.slug === delivery.dspSlug);
    if (!release || !store || (store.is_blocked && delivery.kind !== 'takedown')) {
      const why = !release ? 'The release no longer exists.' : !store ? 'The store is no longer attached to the release.' : 'The store is blocked for this release.';
      await em.transactional(async (tx) => {
        await tx.execute(`update "delivery"."delivery" set "state" = 'cancelled', "error" = ?, "claimed_until" = null, "updated_at" = now() where "id" = ?`, [why, delivery.id]);
      });
      log.info({ why }, 'delivery cancelled');
      return 'cancelled';
    }
    const ernVersion = storeErnVersion(store);
    const tenant = await deps.parties.partyOf(delivery.tenantId);
    const previous = await lastSentVersion(em, delivery);
    let message = { id: delivery.messageId, createdAt: new Date().toISOString() };
    let prepared = await prepareMessage(deps.blobs, fileDigests(em, deps.blobs), release, store, delivery.kind, { sender: deps.sender, tenant, control: deps.control }, message);
    const version = versionOf(ernVersion, prepared.input);
    // The same version again: the same message, byte for byte, so the store recognises it.
    if (previous && previous.content_hash === version) {
      message = { id: previous.message_id, createdAt: new Date(previous.message_created_at).toISOString() };
      prepared = { ...prepared, input: { ...prepared.input, message_id: message.id, created_at: message.createdAt } };
    }
    const { xml, validation } = buildValidatedErn(deps.validators, ernVersion, prepared.input);
    if (!validation.valid) throw new PermanentFailure(`The DDEX ERN ${ernVersion} message does not validate: ${validation.errors.slice(0, 20).join('; ')}`);
    const bundle = bundleOf(release, delivery.batchId, xml, prepared, delivery.kind === 'new');
    const session = await deps.openSession(delivery.dspSlug);
    try {
      await session.send(bundle);
    } finally {
      await session.close();
    }
    await em.transactional(async (tx) => {
      await tx.execute(
        `update "delivery"."delivery" set "state" = 'sent', "sent_at" = now(), "message_id" = ?, "message_created_at" = ?, "content_hash" = ?,
            "files" = ?::jsonb, "error" = null, "claimed_until" = null, "updated_at" = now() where "id" = ?`,
        [message.id, message.createdAt, version, JSON.stringify(deliveredFiles(bundle, prepared)), delivery.id],
      );
      await recordAttempt(tx, delivery, 'sent', null, startedAt);
      await recordStoreStage(tx, {
        tenantId: delivery.tenantId,
        releaseId: delivery.releaseId,
        dsp: { slug: delivery.dspSlug, name: delivery.dspName },
        stage: SENT_STAGE[delivery.kind],
        deliveryId: delivery.id,
      });
    });
    log.info({ message_id: message.id, ern_version: ernVersion, files: bundle.resources.length + 1 }, 'delivery sent');
    return 'sent';
  } catch (error) {
    const text = (error as Error).message.slice(0, 4000);
    // What cannot be built or validated now will not be by trying again: the release or its
    // settings must change first (and then it is delivered again).
    const permanent = error instanceof PermanentFailure || error instanceof ErnBuildError;
    const exhausted = permanent || delivery.attempt >= deps.retry.maxAttempts;
    await em.transactional(async (tx) => {
      await recordAttempt(tx, delivery, 'failed', text, startedAt);
      if (exhausted) {
        await tx.execute(`update "delivery"."delivery" set "state" = 'failed', "error" = ?, "claimed_until" = null, "updated_at" = now() where "id" = ?`, [text, delivery.id]);
        await recordStoreStage(tx, {
          tenantId: delivery.tenantId,
          releaseId: delivery.releaseId,
          dsp: { slug: delivery.dspSlug, name: delivery.dspName },
          stage: 'failed',
          deliveryId: delivery.id,
          message: text,
        });
      } else {
        await tx.execute(
          `update "delivery"."delivery" set "state" = 'queued', "error" = ?, "claimed_until" = null, "updated_at" = now(),
              "next_attempt_at" = now() + (? * interval '1 millisecond') where "id" = ?`,
          [text, retryDelayMs(deps.retry, delivery.attempt), delivery.id],
        );
      }
    });
    log.warn({ err: error, final: exhausted }, exhausted ? 'delivery failed' : 'delivery attempt failed; will retry');
    return exhausted ? 'failed' : 'retry';
  }
};
