import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Tenant } from '../../db/entities/tenant.entity.ts';
import { TenantDomainTakenError } from './tenants.errors.ts';
import { findTenantById } from './tenants.service.ts';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const DOMAIN_MESSAGE = 'The domain must be a host name such as app.example.com (no scheme, port or path).';

/**
 * A mapped domain: a fully qualified host name, stored lower-case without a trailing dot. It
 * needs at least two labels and a top-level label with a letter, so neither `localhost` nor an
 * IP address can be claimed (they would capture requests sent to the bare address).
 */
export const TenantDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .refine((value) => {
    if (value.length === 0 || value.length > 253) return false;
    const labels = value.split('.');
    return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /[a-z]/.test(labels.at(-1) ?? '');
  }, DOMAIN_MESSAGE);

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
