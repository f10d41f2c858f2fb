import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/** One try at sending a delivery, with what went wrong when it did. */
export const DeliveryAttempt = defineEntity({
  name: 'DeliveryAttempt',
  tableName: 'delivery_attempt',
  properties: {
    id: p.uuid().primary(),
    deliveryId: p.uuid(),
    tenantId: p.uuid(),
    attempt: p.integer(),
    outcome: p.text(),
    error: p.text().nullable(),
    startedAt: moment(),
    finishedAt: moment(),
  },
});

export type DeliveryAttempt = InferEntity<typeof DeliveryAttempt>;
