import type { WebhookResource, WebhookWithSecret } from '@sv/contracts';
import type { Webhook } from '../../db/entities/webhook.entity.ts';

/** The subscription as reads show it: secret_prefix, never the secret. */
export const presentWebhook = (webhook: Webhook): WebhookResource => ({
  uuid: webhook.id,
  name: webhook.name,
  url: webhook.url,
  events: webhook.events,
  description: webhook.description ?? null,
  is_active: webhook.isActive,
  secret_prefix: webhook.secretPrefix,
  created_at: webhook.createdAt.toISOString(),
  updated_at: webhook.updatedAt.toISOString(),
});

/** Create and regenerate-secret: the raw secret, this once. */
export const presentWebhookWithSecret = (webhook: Webhook, secret: string): WebhookWithSecret => ({
  ...presentWebhook(webhook),
  secret,
});
