import { CreateWebhookBody, EventTypesReply, UpdateWebhookBody, WebhookOperation, WebhookTestReply } from '../webhooks.ts';
import { Messages } from '../messages.ts';
import { defineRoute } from './define-route.ts';
import { DefaultListQuery } from './requests/list-queries.ts';
import { UuidParams } from './requests/path-params.ts';
import { WebhookDeliveryListReply, WebhookListReply, WebhookReply, WebhookSecretReply } from './responses/webhooks.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/** Webhook subscriptions (PUT is not a route), the event-type catalogue and the attempt log. */
export const WEBHOOK_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/webhooks',
    service: 'webhooks',
    operation: WebhookOperation.list,
    edge: { gate: 'webhooks.read' },
    summary: "List the tenant's webhook subscriptions.",
    request: { query: DefaultListQuery },
    responses: { 200: { description: 'A page of subscriptions with total and meta.', body: WebhookListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'POST',
    path: '/webhooks',
    service: 'webhooks',
    operation: WebhookOperation.create,
    edge: { gate: 'webhooks.manage' },
    summary: 'Subscribe a URL to events (names or wildcard patterns); the secret is shown once.',
    request: { body: CreateWebhookBody },
    sensitive: true,
    responses: { 201: { description: 'The subscription with its signing secret, shown this once.', body: WebhookSecretReply } },
    // 409: 25 active subscriptions already; 422: an unknown event pattern.
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/webhooks/event-types',
    service: 'webhooks',
    operation: WebhookOperation.eventTypes,
    summary: 'List the event catalogue, wildcard patterns, per-DSP stages and the valid DSP slugs.',
    responses: { 200: { description: 'The catalogue.', body: EventTypesReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/webhooks/:uuid',
    service: 'webhooks',
    operation: WebhookOperation.get,
    edge: { gate: 'webhooks.read', notFound: Messages.webhookNotFound },
    summary: 'Get a webhook subscription (with secret_prefix, never the secret).',
    request: { params: UuidParams },
    responses: { 200: { description: 'The subscription.', body: WebhookReply } },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/webhooks/:uuid',
    service: 'webhooks',
    operation: WebhookOperation.update,
    edge: { gate: 'webhooks.manage', absentBody: 'empty', notFound: Messages.webhookNotFound },
    summary: 'Update a webhook subscription: name, url, events, description, is_active.',
    request: { params: UuidParams, body: UpdateWebhookBody },
    responses: { 200: { description: 'The subscription as updated.', body: WebhookReply } },
    // 409: re-activating past the 25-subscription limit.
    errors: [409],
  }),
  defineRoute({
    method: 'DELETE',
    path: '/webhooks/:uuid',
    service: 'webhooks',
    operation: WebhookOperation.delete,
    edge: { gate: 'webhooks.manage', notFound: Messages.webhookNotFound },
    summary: 'Delete a webhook subscription (soft delete).',
    request: { params: UuidParams },
    responses: { 204: { description: 'Deleted.' } },
  }),
  defineRoute({
    method: 'POST',
    path: '/webhooks/:uuid/test',
    service: 'webhooks',
    operation: WebhookOperation.test,
    edge: { gate: 'webhooks.manage', notFound: Messages.webhookNotFound },
    summary: 'Send a webhook.test event to this subscription.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The test event queued for delivery.', body: WebhookTestReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/webhooks/:uuid/regenerate-secret',
    service: 'webhooks',
    operation: WebhookOperation.regenerateSecret,
    edge: { gate: 'webhooks.manage', notFound: Messages.webhookNotFound },
    summary: 'Replace the signing secret at once (no overlap); the new secret is shown once.',
    request: { params: UuidParams },
    sensitive: true,
    responses: { 200: { description: 'The subscription with its new raw secret.', body: WebhookSecretReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/webhooks/:uuid/deliveries',
    service: 'webhooks',
    operation: WebhookOperation.deliveries,
    edge: { gate: 'webhooks.read', notFound: Messages.webhookNotFound },
    summary: "List the subscription's delivery attempts, newest first.",
    request: { params: UuidParams, query: DefaultListQuery },
    responses: { 200: { description: 'A page of attempts with total and meta.', body: WebhookDeliveryListReply } },
    paginated: 'page_or_cursor',
  }),
];
