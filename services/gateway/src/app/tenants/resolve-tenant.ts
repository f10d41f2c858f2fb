import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tenant } from '../../db/entities/tenant.entity.ts';
import { UnresolvableTenantError } from '../sessions/sessions.errors.ts';
import { TenantNotFoundError } from './tenants.errors.ts';
import { findTenantByDomain, findTenantBySlug } from './tenants.service.ts';

/**
 * The tenant of a request without a token, in the spec's order: the slug it names, else the
 * X-Tenant-Domain header, else the Host it was sent to. Only a verified domain names a tenant: a
 * claim still pending is anyone's, so it resolves nothing. An unknown slug or header domain is 404
 * `Tenant not found.`; a host that maps to no tenant is 422 `Unable to resolve tenant…`.
 */
export const resolveLoginTenant = async (
  em: EntityManager,
  source: { slug?: string | undefined; domainHeader?: string | undefined; host?: string | undefined },
): Promise<Tenant> => {
  if (source.slug) return findTenantBySlug(em, source.slug);
  const header = source.domainHeader?.trim();
  if (header) {
    const tenant = await findTenantByDomain(em, header);
    if (!tenant) throw new TenantNotFoundError();
    return tenant;
  }
  const tenant = source.host ? await findTenantByDomain(em, source.host) : null;
  if (!tenant) throw new UnresolvableTenantError();
  return tenant;
};
