import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { Tenant } from '../../db/entities/tenant.entity.ts';
import { verificationRecordName, verificationRecordValue } from './domain-proof.ts';
import { TenantDomainTakenError } from './tenants.errors.ts';

/*
 * A white-label domain is claimed, then proven (its DNS publishes the tenant's token, or the
 * operator approves it). Any number of tenants may claim a domain; only a proven one resolves its
 * tenant, and a domain proven by one tenant is refused to the others (409).
 */

export type DomainStatus = 'pending' | 'verified';

export const domainStatusOf = (tenant: Tenant): DomainStatus | null => {
  if (!tenant.domain) return null;
  return tenant.domainVerifiedAt ? 'verified' : 'pending';
};

/** What a tenant's admin publishes to prove its pending domain. */
export interface DomainVerificationView {
  record_type: 'TXT';
  record_name: string;
  record_value: string;
}

export const domainVerificationOf = (tenant: Tenant): DomainVerificationView | null =>
  tenant.domain && tenant.domainToken && !tenant.domainVerifiedAt
    ? { record_type: 'TXT', record_name: verificationRecordName(tenant.domain), record_value: verificationRecordValue(tenant.domainToken) }
    : null;

/** 409 when a live tenant other than `tenantId` has proven `domain`. */
export const assertDomainFree = async (em: EntityManager, tenantId: string | null, domain: string): Promise<void> => {
  const holder = await em.findOne(Tenant, {
    domain,
    domainVerifiedAt: { $ne: null },
    deletedAt: null,
    ...(tenantId ? { id: { $ne: tenantId } } : {}),
  });
  if (holder) throw new TenantDomainTakenError();
};

/**
 * Points the tenant at `domain`, unproven unless it is the domain it already holds. The token is
 * the tenant's and outlives the claim, so a record published ahead of a (re)claim still proves it.
 * Returns the token.
 */
export const claimDomain = (tenant: Tenant, domain: string): string => {
  if (tenant.domain !== domain) tenant.domainVerifiedAt = null;
  tenant.domain = domain;
  tenant.domainToken ??= randomBytes(20).toString('hex');
  return tenant.domainToken;
};

export const releaseDomain = (tenant: Tenant): void => {
  tenant.domain = null;
  tenant.domainVerifiedAt = null;
};

/** Flushes, turning the proven-domain unique index (another tenant proving it meanwhile) into 409. */
export const flushGuardingDomain = async (em: EntityManager): Promise<void> => {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new TenantDomainTakenError();
    throw error;
  }
};
