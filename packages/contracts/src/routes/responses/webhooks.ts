import { z } from 'zod';
import { DeliveryAttemptResource, WebhookResource, WebhookWithSecret } from '../../webhooks.ts';
import { pagedList } from './common.ts';

// GET /webhooks/event-types answers EventTypesReply and POST /webhooks/{uuid}/test WebhookTestReply (webhooks.ts).

export const WebhookReply = z.object({ webhook: WebhookResource });
export const WebhookListReply = pagedList('webhooks', WebhookResource);

/** Create and regenerate-secret: the raw secret, shown this once. */
export const WebhookSecretReply = z.object({ webhook: WebhookWithSecret });

/** The per-attempt log, newest first. */
export const WebhookDeliveryListReply = pagedList('deliveries', DeliveryAttemptResource);
