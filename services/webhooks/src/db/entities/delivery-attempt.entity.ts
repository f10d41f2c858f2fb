import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/** One HTTP attempt of a delivery, as the attempt log shows it. Written once, never changed. */
export const DeliveryAttempt = defineEntity({
  name: 'DeliveryAttempt',
  tableName: 'delivery_attempt',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    subscriptionId: p.uuid(),
    deliveryId: p.uuid(),
    eventId: p.uuid(),
    eventType: p.text(),
    attempt: p.integer(),
    /** Null when no response arrived (network error, timeout, refused address). */
    statusCode: p.integer().nullable(),
    durationMs: p.integer(),
    error: p.text().nullable(),
    /** The first 1 KB of the response body. */
    responseExcerpt: p.text().nullable(),
    /** When the next attempt is due; null once the delivery is settled. */
    nextRetryAt: moment().nullable(),
    createdAt: moment(),
  },
});

export type DeliveryAttempt = InferEntity<typeof DeliveryAttempt>;
