import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A refresh token of an interactive session; only its digest is stored. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    id: p.uuid().primary(),
    familyId: p.uuid(),
    userId: p.uuid(),
    tenantId: p.uuid(),
    tokenDigest: p.text().hidden(),
    createdAt: p.datetime().columnType('timestamptz'),
    expiresAt: p.datetime().columnType('timestamptz'),
    rotatedAt: p.datetime().columnType('timestamptz').nullable(),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type Session = InferEntity<typeof Session>;
