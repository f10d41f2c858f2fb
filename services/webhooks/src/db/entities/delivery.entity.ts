import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What is sent for one event: the envelope fields receivers see (api_version is added per attempt). */
export interface DeliveryPayload {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

/**
 * One event owed to one subscription, an item of the kit's work queue: the worker claims it
 * (claimed_until, a lease on the database clock; attempts, the lease's token) for each attempt;
 * retries are scheduled through next_attempt_at, so they survive restarts. A delivery given up
 * keeps its last error.
 */
export const Delivery = defineEntity({
  name: 'Delivery',
  tableName: 'delivery',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    subscriptionId: p.uuid(),
    eventId: p.uuid(),
    eventType: p.text(),
    occurredAt: moment(),
    payload: p.json<DeliveryPayload>().columnType('jsonb'),
    status: p.text().$type<DeliveryStatus>(),
    attempts: p.integer(),
    nextAttemptAt: moment().nullable(),
    claimedUntil: moment().nullable(),
    lastError: p.text().nullable(),
    /** W3C traceparent of the event's consumer span; the POST continues that trace. */
    traceParent: p.text().nullable(),
    createdAt: moment(),
    updatedAt: moment(),
  },
});

export type Delivery = InferEntity<typeof Delivery>;
