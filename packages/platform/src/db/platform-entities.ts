import { defineEntity, p } from '@mikro-orm/core';

/**
 * An event waiting to be published, written in the same transaction as the state change that
 * caused it. The relay publishes it and stamps published_at only after JetStream's ack.
 */
export const OutboxEvent = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_event',
  properties: {
    id: p.uuid().primary(),
    type: p.text(),
    tenantId: p.uuid().nullable(),
    envelope: p.json<Record<string, unknown>>().columnType('jsonb'),
    requestId: p.text().nullable(),
    /** W3C `traceparent` of the transaction that recorded the event; null outside a trace. */
    traceParent: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    publishedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});

/** A consumed event, keyed by consumer and event id, so a redelivery is not applied twice. */
export const InboxMessage = defineEntity({
  name: 'InboxMessage',
  tableName: 'inbox_message',
  properties: {
    consumer: p.text().primary(),
    eventId: p.uuid().primary(),
    receivedAt: p.datetime().columnType('timestamptz'),
  },
});

export const PLATFORM_ENTITIES = [OutboxEvent, InboxMessage];
