import { z } from 'zod';
import { DSP_STAGES } from './delivery.ts';

/** Operations the webhooks service answers on its api subject (the gateway routes /webhooks here). */
export const WebhookOperation = {
  list: 'webhooks.list',
  create: 'webhooks.create',
  eventTypes: 'webhooks.event_types',
  get: 'webhooks.get',
  update: 'webhooks.update',
  delete: 'webhooks.delete',
  regenerateSecret: 'webhooks.regenerate_secret',
  test: 'webhooks.test',
  deliveries: 'webhooks.deliveries',
} as const;

/** The per-DSP lifecycle stages named by release.dsp.<slug>.<stage> events. */
export const DSP_EVENT_STAGES = DSP_STAGES;

/** The prefix of every raw signing secret. */
export const WEBHOOK_SECRET_PREFIX = 'svwhsec_';

/** Most active (live and is_active) subscriptions one tenant may hold. */
export const WEBHOOK_ACTIVE_LIMIT = 25;

const name = z.string().trim().min(1, 'The name is required.').max(255);
const url = z.string().trim().min(1, 'The url is required.').max(2048);
const events = z
  .array(z.string().trim().min(1, 'Each event must be an event name or pattern.').max(200))
  .min(1, 'Subscribe to at least one event.')
  .max(100);
const description = z.string().max(2000).nullable();

/** POST /webhooks. */
export const CreateWebhookBody = z.object({
  name,
  url,
  events,
  description: description.optional(),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/** PATCH /webhooks/{uuid}: only supplied fields change. */
export const UpdateWebhookBody = z.object({
  name: name.optional(),
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

/** A subscription as reads show it: the secret's public prefix, never the secret. */
export const WebhookResource = z.object({
  uuid: z.uuid(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  is_active: z.boolean(),
  secret_prefix: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookResource = z.infer<typeof WebhookResource>;

/** Create and regenerate-secret add the raw secret, shown this once. */
export const WebhookWithSecret = WebhookResource.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

/**
 * GET /webhooks/event-types, derived from the event catalogue (SUBSCRIBABLE_EVENTS, SUBSCRIPTION_PATTERNS).
 * - events: every event a subscription can receive; names with a DSP slug are written with `*`
 *   in its place (release.dsp.*.live).
 * - patterns: wildcard patterns worth offering (release.*, ingestion.*, release.dsp.*.*); `*`
 *   stands for exactly one dot-separated segment.
 * - stages: the per-DSP lifecycle stages (the last segment of release.dsp.<slug>.<stage>).
 * - dsps: the slugs valid in release.dsp.<slug>.<stage>.
 */
export const EventTypesReply = z.object({
  events: z.array(z.string()),
  patterns: z.array(z.string()),
  stages: z.array(z.string()),
  dsps: z.array(z.string()),
});
export type EventTypesReply = z.infer<typeof EventTypesReply>;

/** The event type POST /webhooks/{uuid}/test sends, to that subscription only. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The data of a webhook.test event (the spec does not show it). */
export const WebhookTestData = z.object({ webhook_id: z.uuid(), message: z.string() });
export type WebhookTestData = z.infer<typeof WebhookTestData>;

/** POST /webhooks/{uuid}/test: the event queued for delivery. */
export const WebhookTestReply = z.object({ message: z.string(), event_id: z.uuid() });
export type WebhookTestReply = z.infer<typeof WebhookTestReply>;

/** The headers of every delivery, besides Content-Type and User-Agent. */
export const WebhookHeader = {
  signature: 'X-Service-Signature',
  eventId: 'X-Service-Event-Id',
  attempt: 'X-Service-Delivery-Attempt',
} as const;

/**
 * One attempt of GET /webhooks/{uuid}/deliveries (the spec does not show the fields).
 * status_code is null when no response arrived; next_retry_at is null once the delivery is
 * settled (delivered, or given up on).
 */
export const DeliveryAttemptResource = z.object({
  uuid: z.uuid(),
  event_id: z.uuid(),
  event_type: z.string(),
  attempt: z.number().int(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
  next_retry_at: z.string().nullable(),
  created_at: z.string(),
});
export type DeliveryAttemptResource = z.infer<typeof DeliveryAttemptResource>;
