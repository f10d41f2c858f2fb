import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One action taken by a user of a tenant on another tenant of its hierarchy (so far only
 * `login_as`). Rows are only ever inserted, in the same transaction as the action itself.
 */
export const TenantAuditLog = defineEntity({
  name: 'TenantAuditLog',
  tableName: 'tenant_audit_log',
  properties: {
    id: p.uuid().primary(),
    action: p.text(),
    actorUserId: p.uuid(),
    actorTenantId: p.uuid(),
    actorRole: p.text(),
    targetTenantId: p.uuid(),
    /** The session family the action started (login-as), to tie later requests to this row. */
    sessionFamilyId: p.uuid().nullable(),
    requestId: p.text().nullable(),
    at: p.datetime().columnType('timestamptz'),
  },
});
export type TenantAuditLog = InferEntity<typeof TenantAuditLog>;
