import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/** A tenant's webhook subscription. Deleting soft-deletes; the signing secret is stored sealed. */
export const Webhook = defineEntity({
  name: 'Webhook',
  tableName: 'webhook',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    name: p.text(),
    url: p.text(),
    /** Event names and wildcard patterns, as the client sent them (deduplicated). */
    events: p.json<string[]>().columnType('jsonb'),
    description: p.text().nullable(),
    isActive: p.boolean(),
    /** The signing secret, encrypted (see secret-sealing.ts); never shown after create/regenerate. */
    secretSealed: p.text(),
    /** The first 12 characters of the secret: a public identifier, not a key. */
    secretPrefix: p.text(),
    createdAt: moment(),
    updatedAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type Webhook = InferEntity<typeof Webhook>;
