import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { Tenant } from '../../db/entities/tenant.entity.ts';
import { TenantDomainTakenError } from './tenants.errors.ts';
import { findTenantById } from './tenants.service.ts';

/** Sets (or, with null, clears) the domain a tenant is resolved by; a domain held by another tenant is 409. */
export const setTenantDomain = async (em: EntityManager, tenantId: string, domain: string | null): Promise<Tenant> => {
  const tenant = await findTenantById(em, tenantId);
  tenant.domain = domain;
  tenant.updatedAt = new Date();
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new TenantDomainTakenError();
    throw error;
  }
  return tenant;
};
