import { z } from 'zod';
import { API_REVISION, WebhookHeader } from '@sv/contracts';
import { exampleOf } from './example-values.ts';
import { toJsonSchema } from './json-schema.ts';
import type { JsonSchema, Operation, Parameter, PathItem, Reference, Response } from './openapi-types.ts';
import { NO_TOKEN } from './security-schemes.ts';
import { webhookEntries, type WebhookEntry } from './webhook-entries.ts';

export const WEBHOOK_ENVELOPE_SCHEMA = 'WebhookEnvelope';
export const WEBHOOK_TAG = 'webhook events';

const SAMPLE_EVENT_ID = '6b1d3c5e-7f9a-4b2c-8d4e-1a2b3c4d5e6f';

/** The body every delivery has (what the webhooks service sends), whatever the event. */
const envelopeSchema = (): JsonSchema =>
  toJsonSchema(
    z
      .object({
        id: z.uuid().describe('The event id, also sent as X-Service-Event-Id; retries repeat it, so receivers de-duplicate on it.'),
        type: z.string().describe('The event name.'),
        created_at: z.iso.datetime({ offset: true }).describe('When the event happened (ISO 8601).'),
        api_version: z.literal(API_REVISION).describe('The dated payload contract, equal to the X-Service-API-Revision header.'),
        data: z.record(z.string(), z.unknown()).describe("The event's payload; its fields depend on the event."),
      })
      .describe('The envelope of every webhook delivery. Ignore fields you do not know: new ones may be added.'),
    'output',
  );

const DELIVERY_HEADERS: Record<string, Parameter> = {
  [WebhookHeader.signature]: {
    name: WebhookHeader.signature,
    in: 'header',
    required: true,
    description:
      '`t=<unix_timestamp>,v1=<lowercase_hex>`: HMAC-SHA256 with the subscription’s secret over `<t>.<raw body>`. ' +
      'Compare in constant time and refuse timestamps more than 5 minutes old.',
    schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
    example: 't=1779096600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
  },
  [WebhookHeader.eventId]: {
    name: WebhookHeader.eventId,
    in: 'header',
    required: true,
    description: 'The event id (the envelope’s `id`).',
    schema: { type: 'string', format: 'uuid' },
  },
  [WebhookHeader.attempt]: {
    name: WebhookHeader.attempt,
    in: 'header',
    required: true,
    description: 'Which attempt this is, from 1.',
    schema: { type: 'integer', minimum: 1 },
  },
};

const RECEIVER_RESPONSES: Record<string, Response> = {
  '2XX': { description: 'Received: the delivery is done.' },
  '410': { description: 'Gone: the delivery fails and the subscription is switched off.' },
  '429': { description: 'Retried, no sooner than the Retry-After the receiver sent (also on 503).' },
  default: { description: 'Anything else, or no answer in time, is retried with exponential backoff for up to 24 hours.' },
};

const deliveryOperation = (entry: WebhookEntry): Operation => {
  const data = toJsonSchema(entry.event.data, 'output');
  const example = {
    id: SAMPLE_EVENT_ID,
    type: entry.sampleType,
    created_at: '2026-05-18T09:30:00Z',
    api_version: API_REVISION,
    data: { ...(exampleOf(data) as Record<string, unknown>), ...entry.fixedData },
  };
  return {
    operationId: `event.${entry.name}`,
    summary: entry.name,
    description: entry.description,
    tags: [WEBHOOK_TAG],
    security: NO_TOKEN,
    parameters: Object.keys(DELIVERY_HEADERS).map((name): Reference => ({ $ref: `#/components/parameters/${name}` })),
    requestBody: {
      description: 'A POST with a JSON body to the subscription’s URL.',
      required: true,
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: `#/components/schemas/${WEBHOOK_ENVELOPE_SCHEMA}` },
              { type: 'object', properties: { type: entry.typeSchema, data } },
            ],
          },
          example,
        },
      },
    },
    responses: RECEIVER_RESPONSES,
    ...(entry.deprecated ? { deprecated: true } : {}),
  };
};

/** The top-level `webhooks`: one entry per event a subscription can receive, each a POST to the receiver. */
export const webhookItems = (): Record<string, PathItem> =>
  Object.fromEntries(webhookEntries().map((entry) => [entry.name, { post: deliveryOperation(entry) }]));

export const webhookComponents = (): { schemas: Record<string, JsonSchema>; parameters: Record<string, Parameter> } => ({
  schemas: { [WEBHOOK_ENVELOPE_SCHEMA]: envelopeSchema() },
  parameters: DELIVERY_HEADERS,
});
