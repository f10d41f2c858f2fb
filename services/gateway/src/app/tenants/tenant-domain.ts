import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tenant } from '../../db/entities/tenant.entity.ts';
import { assertDomainFree, claimDomain, domainVerificationOf, flushGuardingDomain, releaseDomain, type DomainVerificationView } from './domain-claim.ts';
import type { DomainProof } from './domain-proof.ts';
import { findTenantById, findTenantBySlug, presentTenant, type TenantView } from './tenants.service.ts';

/**
 * PUT /tenants/domain: claims (or, with null, releases) the domain the tenant is resolved by. The
 * claim is pending until the domain's DNS publishes the tenant's token; each PUT of a pending
 * domain looks again, so publishing the record and repeating the PUT proves it. A domain another
 * tenant has proven is 409; one it has only claimed is not.
 */
export const setTenantDomain = async (em: EntityManager, proof: DomainProof, tenantId: string, domain: string | null): Promise<Tenant> => {
  const tenant = await findTenantById(em, tenantId);
  if (domain === null) releaseDomain(tenant);
  else if (tenant.domain !== domain || !tenant.domainVerifiedAt) {
    await assertDomainFree(em, tenant.id, domain);
    const token = claimDomain(tenant, domain);
    if (await proof.isPublished(domain, token)) tenant.domainVerifiedAt = new Date();
  }
  tenant.updatedAt = new Date();
  await flushGuardingDomain(em);
  return tenant;
};

/** The operator's approval stands in for the DNS proof: the tenant holds `domain`, proven. */
export const approveTenantDomain = async (em: EntityManager, slug: string, domain: string): Promise<Tenant> => {
  const tenant = await findTenantBySlug(em, slug);
  await assertDomainFree(em, tenant.id, domain);
  claimDomain(tenant, domain);
  tenant.domainVerifiedAt ??= new Date();
  tenant.updatedAt = new Date();
  await flushGuardingDomain(em);
  return tenant;
};

/** The tenant as the domain route answers it: with the record to publish while its domain is pending. */
export const presentTenantDomain = (tenant: Tenant): TenantView & { domain_verification: DomainVerificationView | null } => ({
  ...presentTenant(tenant),
  domain_verification: domainVerificationOf(tenant),
});
