import { z } from 'zod';

/**
 * Operations the gateway answers on its own api subject (`apiSubject(prefix, 'gateway')`), for
 * other services that need an identity fact now. Each takes the caller's principal and answers
 * for the principal's tenant; the reply body is described by the schema of the same name.
 */
export const GatewayOperation = {
  /** The artist plan of the principal's tenant. Reply body: TenantPlanReply. */
  tenantsPlan: 'tenants.plan',
  /** The DDEX party of the principal's tenant (SentOnBehalfOf of its messages). Reply body: TenantPartyReply. */
  tenantsParty: 'tenants.party',
} as const;
export type GatewayOperation = (typeof GatewayOperation)[keyof typeof GatewayOperation];

/** An artist plan: the yearly release allowance and whether video distribution is included. */
export const ArtistPlan = z.object({
  releases_per_year: z.number().int().nonnegative(),
  video_distribution: z.boolean(),
});
export type ArtistPlan = z.infer<typeof ArtistPlan>;

/**
 * Body of the `tenants.plan` reply. `plan` is null (and `has_artist_plan` false) for a tenant
 * without an artist plan: plan enforcement then does not apply to it (spec, Authentication 8).
 */
export const TenantPlanReply = z.object({
  plan: ArtistPlan.nullable(),
  has_artist_plan: z.boolean(),
});
export type TenantPlanReply = z.infer<typeof TenantPlanReply>;

/** Body of the `tenants.party` reply: the tenant's name and its own DDEX party identifier. */
export const TenantPartyReply = z.object({
  tenant_id: z.uuid(),
  name: z.string(),
  ddex_party_id: z.string(),
});
export type TenantPartyReply = z.infer<typeof TenantPartyReply>;
