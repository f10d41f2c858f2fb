import type { EntityManager } from '@mikro-orm/postgresql';
import { systemPrincipal, type DeliveryKind, type DspStage } from '@sv/contracts';
import { ErnBuildError } from '@sv/ddex';
import { DeterministicFault, LeaseLostError, type BlobStore, type ClaimedItem, type Logger, type WorkGiveUp, type WorkLease } from '@sv/platform';
import { Delivery } from '../../db/entities/delivery.entity.ts';
import { recordStoreStage } from '../lifecycle/store-stage.ts';
import type { CataloguePort, SupplyChainPort, TenantPartyPort } from '../ports.ts';
import type { SessionOpener } from '../transports/open-session.ts';
import { bundleOf, deliveredFiles, prepareMessage, versionOf, type MessageParties } from './bundle.ts';
import { buildValidatedErn, storeErnVersion } from './ern-message.ts';
import type { ErnValidators } from './ern-validators.ts';
import { fileDigests } from './file-digests.ts';
import { deliveryAttemptDuration, deliveryAttempts } from './queue-metrics.ts';

/** How often a delivery is tried, and how its retries spread out (the kit's backoff). */
export interface DeliveryRetry {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
}

export interface SendDeps {
  blobs: BlobStore;
  catalogue: CataloguePort;
  supplyChain: SupplyChainPort;
  parties: TenantPartyPort;
  validators: ErnValidators;
  openSession: SessionOpener;
  retry: DeliveryRetry;
  sender: MessageParties['sender'];
  control: MessageParties['control'];
  logger: Logger;
}

/** The delivery an attempt works on, as claimed: its row's fields and this attempt's number. */
interface ClaimedDelivery {
  id: string;
  tenantId: string;
  releaseId: string;
  dspSlug: string;
  dspName: string;
  kind: DeliveryKind;
  messageId: string;
  batchId: string;
  attempt: number;
}

/** How an attempt ended when it did not throw. */
export type SendOutcome = 'sent' | 'cancelled';

const SENT_STAGE: Record<DeliveryKind, DspStage> = { new: 'submitted', update: 'update_submitted', takedown: 'takedown_submitted' };

/** A message that fails its version's schema or reference checks: it is never sent. */
class InvalidMessage extends DeterministicFault {
  override name = 'InvalidMessage';
}

/** The text the API shows for a failed attempt. */
const errorText = (error: unknown): string => (error instanceof Error ? error.message || error.name : String(error)).slice(0, 4000);

/**
 * What cannot be built or validated now will not be by trying again: the release or its settings
 * must change first (and then it is delivered again). Such faults fail the delivery at once.
 */
const asQueueFault = (error: unknown): unknown => (error instanceof ErnBuildError ? new DeterministicFault(error.message) : error);

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

const claimedDelivery = async (em: EntityManager, item: ClaimedItem): Promise<ClaimedDelivery> => {
  const row = await em.findOneOrFail(Delivery, { id: item.id });
  return { ...row, kind: row.kind as DeliveryKind, attempt: item.attempt };
};

/** The lease was lost: another worker has the delivery now, and this one must write nothing. */
const leaseLost = (error: unknown, lease: WorkLease): boolean => error instanceof LeaseLostError || lease.signal.reason instanceof LeaseLostError;

/**
 * One attempt at one delivery, claimed by the delivery queue: read the release and the store's
 * effective config as they are now, build the message in the ERN version the store's registry
 * entry names, validate it with that version's schema and reference checks (never sent when
 * invalid), and send the bundle with the store's transport, stopping if the lease is lost. A sent
 * message moves the store's stage and emits its event. Every write is fenced by the lease.
 *
 * A failed attempt is recorded (its attempt row, the delivery's error, back to queued) and its
 * error thrown on to the queue: a DeterministicFault fails the delivery at once, anything else is
 * retried with backoff until the attempts run out (see endGivenUpDelivery).
 */
export const sendDelivery = async (em: EntityManager, deps: SendDeps, item: ClaimedItem, lease: WorkLease): Promise<SendOutcome> => {
  const startedAt = new Date();
  const delivery = await claimedDelivery(em, item);
  const log = deps.logger.child({ delivery_id: delivery.id, dsp: delivery.dspSlug, kind: delivery.kind, attempt: delivery.attempt });
  const timer = deliveryAttemptDuration.startTimer();
  const counted = <T extends string>(outcome: T): T => {
    timer({ outcome });
    deliveryAttempts.inc({ kind: delivery.kind, outcome });
    return outcome;
  };
  try {
    const release = await deps.catalogue.snapshot(systemPrincipal(delivery.tenantId, 'delivery'), delivery.releaseId);
    const stores = await deps.supplyChain.resolvedConfig(delivery.tenantId, delivery.releaseId);
    const store = stores.find((candidate) => candidate.dsp.slug === delivery.dspSlug);
    if (!release || !store || (store.is_blocked && delivery.kind !== 'takedown')) {
      const why = !release ? 'The release no longer exists.' : !store ? 'The store is no longer attached to the release.' : 'The store is blocked for this release.';
      await lease.commit((tx) => tx.execute(`update "delivery"."delivery" set "state" = 'cancelled', "error" = ?, "updated_at" = now() where "id" = ?`, [why, delivery.id]));
      log.info({ why }, 'delivery cancelled');
      return counted('cancelled');
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
    if (!validation.valid) throw new InvalidMessage(`The DDEX ERN ${ernVersion} message does not validate: ${validation.errors.slice(0, 20).join('; ')}`);
    const bundle = bundleOf(release, delivery.batchId, xml, prepared, delivery.kind === 'new');
    lease.signal.throwIfAborted();
    const session = await deps.openSession(delivery.dspSlug);
    try {
      await session.send(bundle, lease.signal);
    } finally {
      await session.close();
    }
    await lease.commit(async (tx) => {
      await tx.execute(
        `update "delivery"."delivery" set "state" = 'sent', "sent_at" = now(), "message_id" = ?, "message_created_at" = ?, "content_hash" = ?,
            "files" = ?::jsonb, "error" = null, "updated_at" = now() where "id" = ?`,
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
    return counted('sent');
  } catch (error) {
    if (leaseLost(error, lease)) throw error;
    const text = errorText(error);
    await lease.commit(async (tx) => {
      await recordAttempt(tx, delivery, 'failed', text, startedAt);
      await tx.execute(`update "delivery"."delivery" set "state" = 'queued', "error" = ?, "updated_at" = now() where "id" = ?`, [text, delivery.id]);
    });
    const fault = asQueueFault(error);
    const final = fault instanceof DeterministicFault || delivery.attempt >= deps.retry.maxAttempts;
    counted(final ? 'failed' : 'retry');
    log.warn({ err: error, final }, final ? 'delivery failed' : 'delivery attempt failed; it is tried again');
    throw fault;
  }
};

/**
 * The delivery's side of the queue giving it up (a deterministic fault, or its attempts spent):
 * failed with its error, and the store's stage failed with its event, in the queue's transaction.
 */
export const endGivenUpDelivery = async (tx: EntityManager, item: ClaimedItem, end: WorkGiveUp): Promise<void> => {
  // The attempt recorded its own error; a delivery whose workers all died before recording one has the queue's.
  const error = end.cause === undefined ? end.error : errorText(end.cause);
  const [row] = await tx.execute<{ tenant_id: string; release_id: string; dsp_slug: string; dsp_name: string }[]>(
    `update "delivery"."delivery" set "state" = 'failed', "error" = ?, "updated_at" = now() where "id" = ?
      returning "tenant_id", "release_id", "dsp_slug", "dsp_name"`,
    [error, item.id],
  );
  if (!row) return;
  await recordStoreStage(tx, {
    tenantId: row.tenant_id,
    releaseId: row.release_id,
    dsp: { slug: row.dsp_slug, name: row.dsp_name },
    stage: 'failed',
    deliveryId: item.id,
    message: error,
  });
};
