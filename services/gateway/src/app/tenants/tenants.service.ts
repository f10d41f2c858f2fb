import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { TenantPartyReply, TenantPlanReply } from '@sv/contracts';
import { Invoice, Tenant, TenantPlan } from '../../db/entities/tenant.entity.ts';
import { newDdexPartyId } from './ddex-party-id.ts';
import { assertDomainFree, claimDomain, domainStatusOf, type DomainStatus } from './domain-claim.ts';
import { TenantDomainTakenError, TenantNotFoundError, TenantSlugTakenError } from './tenants.errors.ts';

export interface TenantView {
  uuid: string;
  slug: string;
  name: string;
  parent_uuid: string | null;
  ddex_party_id: string;
  domain: string | null;
  /** pending until proven; only a verified domain resolves the tenant. */
  domain_status: DomainStatus | null;
  status: string;
  created_at: string;
}

export const presentTenant = (tenant: Tenant): TenantView => ({
  uuid: tenant.id,
  slug: tenant.slug,
  name: tenant.name,
  parent_uuid: tenant.parentId ?? null,
  ddex_party_id: tenant.ddexPartyId,
  domain: tenant.domain ?? null,
  domain_status: domainStatusOf(tenant),
  status: tenant.status,
  created_at: tenant.createdAt.toISOString(),
});

export const findTenantBySlug = async (em: EntityManager, slug: string): Promise<Tenant> => {
  const tenant = await em.findOne(Tenant, { slug, deletedAt: null });
  if (!tenant) throw new TenantNotFoundError();
  return tenant;
};

export const findTenantById = async (em: EntityManager, id: string): Promise<Tenant> => {
  const tenant = await em.findOne(Tenant, { id, deletedAt: null });
  if (!tenant) throw new TenantNotFoundError();
  return tenant;
};

export interface CreateTenantInput {
  slug: string;
  name: string;
  /** The parent by slug (operator command) … */
  parentSlug?: string | undefined;
  /** … or by id (POST /tenants/clients: the caller's own tenant). */
  parentId?: string | undefined;
  domain?: string | undefined;
  /** The operator's word proves the domain; a tenant admin's claim stays pending until DNS does. */
  domainProven?: boolean | undefined;
}

/** Creates a tenant (a child when a parent is named) with its own, unique DDEX party id. */
export const createTenant = async (em: EntityManager, input: CreateTenantInput): Promise<Tenant> => {
  if (await em.findOne(Tenant, { slug: input.slug, deletedAt: null })) throw new TenantSlugTakenError();
  const domain = input.domain?.toLowerCase();
  if (domain) await assertDomainFree(em, null, domain);
  const parent = input.parentId
    ? await findTenantById(em, input.parentId)
    : input.parentSlug
      ? await findTenantBySlug(em, input.parentSlug)
      : null;
  for (let attempt = 0; ; attempt++) {
    const now = new Date();
    const tenant = em.create(Tenant, {
      id: randomUUID(),
      slug: input.slug,
      name: input.name,
      parentId: parent?.id ?? null,
      ddexPartyId: newDdexPartyId(now),
      domain: null,
      domainToken: null,
      domainVerifiedAt: null,
      status: 'active',
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    if (domain) {
      claimDomain(tenant, domain);
      if (input.domainProven) tenant.domainVerifiedAt = now;
    }
    try {
      await em.flush();
      return tenant;
    } catch (error) {
      em.clear();
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const constraint = (error as { constraint?: string }).constraint ?? error.message;
      if (constraint.includes('tenant_slug')) throw new TenantSlugTakenError();
      if (constraint.includes('tenant_domain')) throw new TenantDomainTakenError();
      if (attempt >= 5) throw error; // party id clashes five times in a row: give up loudly
    }
  }
};

export const setTenantSuspended = async (em: EntityManager, slug: string, suspended: boolean): Promise<Tenant> => {
  const tenant = await findTenantBySlug(em, slug);
  tenant.status = suspended ? 'suspended' : 'active';
  tenant.updatedAt = new Date();
  await em.flush();
  return tenant;
};

/** Resolves a tenant from its proven domain (X-Tenant-Domain or the Host header); a pending claim resolves nothing. */
export const findTenantByDomain = async (em: EntityManager, domain: string): Promise<Tenant | null> =>
  em.findOne(Tenant, { domain: domain.toLowerCase().replace(/:\d+$/, ''), domainVerifiedAt: { $ne: null }, deletedAt: null });

export interface InvoiceView {
  uuid: string;
  tenant_uuid: string;
  status: string;
  due_at: string;
  paid_at: string | null;
  days_overdue: number;
}

export const presentInvoice = (invoice: Invoice, now = new Date()): InvoiceView => ({
  uuid: invoice.id,
  tenant_uuid: invoice.tenantId,
  status: invoice.status,
  due_at: invoice.dueAt.toISOString(),
  paid_at: invoice.paidAt?.toISOString() ?? null,
  days_overdue:
    invoice.status === 'open' ? Math.max(0, Math.floor((now.getTime() - invoice.dueAt.getTime()) / 86_400_000)) : 0,
});

/** Records an open invoice that fell due `daysOverdue` days ago. */
export const openInvoice = async (em: EntityManager, slug: string, daysOverdue: number): Promise<Invoice> => {
  const tenant = await findTenantBySlug(em, slug);
  const now = new Date();
  const invoice = em.create(Invoice, {
    id: randomUUID(),
    tenantId: tenant.id,
    status: 'open',
    dueAt: new Date(now.getTime() - daysOverdue * 86_400_000),
    paidAt: null,
    createdAt: now,
  });
  await em.flush();
  return invoice;
};

/** Marks every open invoice of the tenant paid; returns the most recent one, if any. */
export const payInvoices = async (em: EntityManager, slug: string): Promise<Invoice | null> => {
  const tenant = await findTenantBySlug(em, slug);
  const open = await em.find(Invoice, { tenantId: tenant.id, status: 'open' }, { orderBy: { dueAt: 'desc' } });
  const now = new Date();
  for (const invoice of open) {
    invoice.status = 'paid';
    invoice.paidAt = now;
  }
  await em.flush();
  return open[0] ?? null;
};

export interface PlanView {
  tenant_uuid: string;
  releases_per_year: number;
  video_distribution: boolean;
  updated_at: string;
}

export const presentPlan = (plan: TenantPlan): PlanView => ({
  tenant_uuid: plan.tenantId,
  releases_per_year: plan.releasesPerYear,
  video_distribution: plan.videoDistribution,
  updated_at: plan.updatedAt.toISOString(),
});

export const setTenantPlan = async (
  em: EntityManager,
  slug: string,
  input: { releasesPerYear: number; videoDistribution?: boolean | undefined },
): Promise<TenantPlan> => {
  const tenant = await findTenantBySlug(em, slug);
  const existing = await em.findOne(TenantPlan, { tenantId: tenant.id });
  const plan =
    existing ??
    em.create(TenantPlan, {
      tenantId: tenant.id,
      releasesPerYear: input.releasesPerYear,
      videoDistribution: false,
      updatedAt: new Date(),
    });
  plan.releasesPerYear = input.releasesPerYear;
  if (input.videoDistribution !== undefined) plan.videoDistribution = input.videoDistribution;
  plan.updatedAt = new Date();
  await em.flush();
  return plan;
};

/** The artist plan of a tenant, as other services read it (`tenants.plan`); null without one. */
/** The DDEX party of a tenant: its name and own party identifier (the SentOnBehalfOf of its messages). */
export const readTenantParty = async (em: EntityManager, tenantId: string): Promise<TenantPartyReply> => {
  const tenant = await findTenantById(em, tenantId);
  return { tenant_id: tenant.id, name: tenant.name, ddex_party_id: tenant.ddexPartyId };
};

export const readTenantPlan = async (em: EntityManager, tenantId: string): Promise<TenantPlanReply> => {
  await findTenantById(em, tenantId);
  const plan = await em.findOne(TenantPlan, { tenantId });
  return {
    plan: plan ? { releases_per_year: plan.releasesPerYear, video_distribution: plan.videoDistribution } : null,
    has_artist_plan: plan !== null,
  };
};
