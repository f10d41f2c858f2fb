import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A person who signs in to a tenant. The password is kept only as a scrypt hash. */
export const User = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    email: p.text(),
    passwordHash: p.text().hidden(),
    role: p.text(),
    artistId: p.uuid().nullable(),
    status: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    deletedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type User = InferEntity<typeof User>;
