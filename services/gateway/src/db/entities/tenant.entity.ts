import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A workspace. Children point at their parent; each tenant has its own DDEX party id. */
export const Tenant = defineEntity({
  name: 'Tenant',
  tableName: 'tenant',
  properties: {
    id: p.uuid().primary(),
    slug: p.text(),
    name: p.text(),
    parentId: p.uuid().nullable(),
    ddexPartyId: p.text(),
    /** The domain the tenant claims; it resolves the tenant only once proven (domainVerifiedAt). */
    domain: p.text().nullable(),
    /** The tenant's own DNS verification token, issued at its first claim and kept across domains. */
    domainToken: p.text().nullable(),
    domainVerifiedAt: p.datetime().columnType('timestamptz').nullable(),
    status: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    deletedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type Tenant = InferEntity<typeof Tenant>;

/** The artist plan of a tenant: its yearly release allowance and video rights. */
export const TenantPlan = defineEntity({
  name: 'TenantPlan',
  tableName: 'tenant_plan',
  properties: {
    tenantId: p.uuid().primary(),
    releasesPerYear: p.integer(),
    videoDistribution: p.boolean(),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});
export type TenantPlan = InferEntity<typeof TenantPlan>;

/** An invoice of the tenant; one open past the grace period locks the API (402). */
export const Invoice = defineEntity({
  name: 'Invoice',
  tableName: 'invoice',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    status: p.text(),
    dueAt: p.datetime().columnType('timestamptz'),
    paidAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});
export type Invoice = InferEntity<typeof Invoice>;
