import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/** A file of a sent bundle, as the deliveries list shows it. */
export interface DeliveredFile {
  name: string;
  size: number;
  md5: string;
}

/**
 * One message to one store (new, update or takedown), an item of the kit's work queue: queued,
 * leased by one replica while it is sent (claimed_until), then sent, failed or cancelled; every
 * attempt is a delivery_attempt row. `error` is what the API shows; `last_error` the queue's own.
 */
export const Delivery = defineEntity({
  name: 'Delivery',
  tableName: 'delivery',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    releaseId: p.uuid(),
    dspId: p.integer(),
    dspSlug: p.text(),
    dspName: p.text(),
    kind: p.text(),
    state: p.text(),
    /** Why it was queued: qc_pass, deliver, redeliver, config_change, purge. */
    reason: p.text(),
    messageId: p.text(),
    batchId: p.text(),
    /** Digest of the message without its id and time: equal digests are the same version. */
    contentHash: p.text().nullable(),
    messageCreatedAt: moment().nullable(),
    files: p.json<DeliveredFile[]>().columnType('jsonb'),
    error: p.text().nullable(),
    attempts: p.integer(),
    nextAttemptAt: moment(),
    claimedUntil: moment().nullable(),
    lastError: p.text().nullable(),
    /** YYYY-MM-DD: the day the store asks to have the message by (its lead time); null without a date to meet. */
    deliverBy: p.string().columnType('date').nullable(),
    /** Queued after deliverBy: the store may not show it on the date. */
    late: p.boolean(),
    createdAt: moment(),
    updatedAt: moment(),
    sentAt: moment().nullable(),
  },
});

export type Delivery = InferEntity<typeof Delivery>;
