import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WEBHOOK_ACTIVE_LIMIT, unknownEventPatterns, type CreateWebhookBody, type PaginationQuery, type Principal, type UpdateWebhookBody } from '@sv/contracts';
import { findPage, type FoundPage } from '@sv/platform';
import { Webhook } from '../../db/entities/webhook.entity.ts';
import type { DspSlugsPort } from '../event-types/ports.ts';
import { generateSecret, sealSecret, secretPrefixOf } from './secret-sealing.ts';
import { targetUrlProblem } from './target-url.ts';
import { UnknownEventPatternsError, WebhookLimitError, WebhookNotFoundError, WebhookUrlError } from './webhooks.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the subscription use-cases need beyond the entity manager. */
export interface SubscriptionDeps {
  dsps: DspSlugsPort;
  secretKey: string;
  allowPrivateUrls: boolean;
}

const assertEventsKnown = async (deps: SubscriptionDeps, principal: Principal, events: string[]): Promise<string[]> => {
  const unique = [...new Set(events)];
  const unknown = unknownEventPatterns(unique, new Set(await deps.dsps.activeSlugs(principal)));
  if (unknown.length > 0) throw new UnknownEventPatternsError(unknown);
  return unique;
};

const assertUrlAllowed = async (deps: SubscriptionDeps, url: string): Promise<void> => {
  const problem = await targetUrlProblem(url, deps.allowPrivateUrls);
  if (problem) throw new WebhookUrlError(problem);
};

/**
 * Runs `work` holding the tenant's subscription lock, so two requests cannot both see room
 * under the limit and both add an active subscription.
 */
const withTenantLock = <T>(em: EntityManager, tenantId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> =>
  em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`webhooks.active:${tenantId}`]);
    return work(tx);
  });

const assertRoomForActive = async (tx: EntityManager, tenantId: string): Promise<void> => {
  const active = await tx.count(Webhook, { tenantId, isActive: true, deletedAt: null });
  if (active >= WEBHOOK_ACTIVE_LIMIT) throw new WebhookLimitError();
};

export const findWebhook = async (em: EntityManager, tenantId: string, webhookId: string): Promise<Webhook> => {
  if (!UUID.test(webhookId)) throw new WebhookNotFoundError();
  const webhook = await em.findOne(Webhook, { id: webhookId, tenantId, deletedAt: null });
  if (!webhook) throw new WebhookNotFoundError();
  return webhook;
};

/** Creates an active subscription; returns it with its raw secret, which is never readable again. */
export const createWebhook = async (
  em: EntityManager,
  deps: SubscriptionDeps,
  principal: Principal,
  input: CreateWebhookBody,
): Promise<{ webhook: Webhook; secret: string }> => {
  const tenantId = principal.tenant_id;
  const events = await assertEventsKnown(deps, principal, input.events);
  await assertUrlAllowed(deps, input.url);
  return withTenantLock(em, tenantId, async (tx) => {
    await assertRoomForActive(tx, tenantId);
    const id = randomUUID();
    const secret = generateSecret();
    const now = new Date();
    const webhook = tx.create(Webhook, {
      id,
      tenantId,
      name: input.name,
      url: input.url,
      events,
      description: input.description ?? null,
      isActive: true,
      secretSealed: sealSecret(deps.secretKey, id, secret),
      secretPrefix: secretPrefixOf(secret),
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    await tx.flush();
    return { webhook, secret };
  });
};

/** Changes only the supplied fields; re-activating counts against the limit. */
export const updateWebhook = async (
  em: EntityManager,
  deps: SubscriptionDeps,
  principal: Principal,
  webhookId: string,
  input: UpdateWebhookBody,
): Promise<Webhook> => {
  const tenantId = principal.tenant_id;
  await findWebhook(em, tenantId, webhookId);
  const events = input.events ? await assertEventsKnown(deps, principal, input.events) : undefined;
  if (input.url !== undefined) await assertUrlAllowed(deps, input.url);
  return withTenantLock(em, tenantId, async (tx) => {
    const webhook = await findWebhook(tx, tenantId, webhookId);
    if (input.is_active === true && !webhook.isActive) await assertRoomForActive(tx, tenantId);
    if (input.name !== undefined) webhook.name = input.name;
    if (input.url !== undefined) webhook.url = input.url;
    if (events) webhook.events = events;
    if (input.description !== undefined) webhook.description = input.description;
    if (input.is_active !== undefined) webhook.isActive = input.is_active;
    webhook.updatedAt = new Date();
    await tx.flush();
    return webhook;
  });
};

export const deleteWebhook = async (em: EntityManager, tenantId: string, webhookId: string): Promise<void> => {
  const webhook = await findWebhook(em, tenantId, webhookId);
  webhook.deletedAt = new Date();
  await em.flush();
};

/** Replaces the signing secret; the old one is gone with the same write (no overlap). */
export const regenerateWebhookSecret = async (
  em: EntityManager,
  secretKey: string,
  tenantId: string,
  webhookId: string,
): Promise<{ webhook: Webhook; secret: string }> => {
  const webhook = await findWebhook(em, tenantId, webhookId);
  const secret = generateSecret();
  webhook.secretSealed = sealSecret(secretKey, webhook.id, secret);
  webhook.secretPrefix = secretPrefixOf(secret);
  webhook.updatedAt = new Date();
  await em.flush();
  return { webhook, secret };
};

export interface WebhookPage {
  webhooks: Webhook[];
  total: number;
  meta: FoundPage<Webhook>['meta'];
}

/** A tenant's live subscriptions, newest first, in offset or cursor mode. */
export const listWebhooks = async (em: EntityManager, tenantId: string, query: PaginationQuery): Promise<WebhookPage> => {
  const scope = { tenantId, deletedAt: null };
  const page = await findPage(em, Webhook, scope, {
    query,
    order: [
      { property: 'createdAt', direction: 'desc', type: 'date' },
      { property: 'id', direction: 'desc', type: 'uuid' },
    ],
  });
  return { webhooks: page.rows, total: page.total, meta: page.meta };
};
