import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * An operator-issued API key. Only its public prefix and a SHA-256 digest are stored; the raw
 * key is shown once, when it is created.
 */
export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_key',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    prefix: p.text(),
    digest: p.text().hidden(),
    role: p.text(),
    artistId: p.uuid().nullable(),
    roster: p.boolean(),
    expiresAt: p.datetime().columnType('timestamptz').nullable(),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});
export type ApiKey = InferEntity<typeof ApiKey>;
