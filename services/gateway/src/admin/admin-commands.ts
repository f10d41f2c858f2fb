import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  CatalogueOperation,
  ConfirmedStage,
  DeliveryOperation,
  RECORDING_CODES_REBUILD_OPERATION,
  RECORDING_CODES_REBUILD_TIMEOUT_MS,
  RecordingCodesRebuildReply,
  Role,
  SFTP_SUPPLIER_OPERATION,
  ReportLoadJobReply,
  STREAMING_LOAD_FILE_OPERATION,
  TenantDomain,
  apiSubject,
  systemPrincipal,
  type ServiceName,
} from '@sv/contracts';
import { DomainError, callService, parseOrThrow, type BlobStore } from '@sv/platform';
import ssh2 from 'ssh2';
import { z } from 'zod';
import { createApiKey, presentApiKey, revokeApiKey } from '../app/api-keys/api-keys.service.ts';
import {
  createTenant,
  findTenantBySlug,
  openInvoice,
  payInvoices,
  presentInvoice,
  presentPlan,
  presentTenant,
  setTenantPlan,
  setTenantSuspended,
} from '../app/tenants/tenants.service.ts';
import { approveTenantDomain } from '../app/tenants/tenant-domain.ts';
import { createUser, presentUser, setUserSuspended } from '../app/users/users.service.ts';
import { followReportLoad, type AdminProgress } from './admin-report-load.ts';

export interface AdminContext {
  em: EntityManager;
  /** Connected lazily: only commands that talk to another service need NATS. */
  nats: () => Promise<NatsConnection>;
  subjectPrefix: string;
  /** Tells every gateway replica, after the change is committed, to forget the tenant's cached credentials. */
  accessChanged: (tenantId: string) => Promise<void>;
  /** Opened lazily: only commands that hand a file to a service store one. */
  blobs: () => BlobStore;
  /** Where a long command shows how far it has gone (a one-shot command's stderr); absent in a batch. */
  progress?: AdminProgress | undefined;
}

type Flags = Record<string, string | boolean | undefined>;
type Command = (context: AdminContext, flags: Flags) => Promise<unknown>;

const slug = z.string().min(1).max(100).regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and hyphens');
const text = z.string().trim().min(1);
const bool = z.enum(['true', 'false']).transform((value) => value === 'true');

const TenantCreate = z.object({ slug, name: text, parent: slug.optional(), domain: z.string().min(1).optional() });
const SlugOnly = z.object({ slug });
const DomainApproval = z.object({ slug, domain: TenantDomain });
const Invoice = z.object({ slug, 'days-overdue': z.coerce.number().int().min(0).max(3650) });
const Plan = z.object({
  slug,
  'releases-per-year': z.coerce.number().int().min(0).max(100_000),
  'video-distribution': bool.optional(),
});
const ArtistCreate = z.object({ tenant: slug, name: text, slug });
const UserCreate = z.object({
  tenant: slug,
  email: z.email(),
  password: z.string().min(8, 'at least 8 characters'),
  role: Role,
  artist: z.uuid().optional(),
});
const UserSuspend = z.object({ tenant: slug, email: z.email() });
const KeyCreate = z.object({
  tenant: slug,
  role: Role,
  artist: z.uuid().optional(),
  roster: z.literal(true).optional(),
  'expires-at': z.iso.datetime({ offset: true }).optional(),
});
const KeyRevoke = z.object({ key: z.string().startsWith('svk_') });
const DeliveryStage = z.object({ release: z.uuid(), dsp: z.string().trim().min(1).max(100), stage: ConfirmedStage });

/** The nil UUID: the operator acts for no tenant; the delivery service finds the release's own. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';
const TenantOnly = z.object({ tenant: slug });
const TenantOrEvery = z.object({ tenant: slug.optional() });
const AnalyticsLoad = z.object({
  tenant: slug,
  file: z.string().min(1),
  store: z.string().trim().min(1).max(100).optional(),
  'no-wait': z.boolean().optional(),
});

/** How long analytics may take to queue a load (the load itself is a job the command follows). */
const LOAD_QUEUE_TIMEOUT_MS = 30_000;

/** The largest report file the operator command stores for analytics. */
const REPORT_MAX_BYTES = 10 * 1024 ** 3;

/** The stored copy keeps a report's own extension when it is a plain one (`.tsv`, `.csv`). */
const reportExtension = (path: string): string => {
  const extension = extname(path).toLowerCase();
  return /^\.[a-z0-9]{1,10}$/.test(extension) ? extension : '.report';
};

/**
 * Rebuilds a service's recording codes (what its report lines are matched by) from the catalogue:
 * the tenant's with --tenant, else every tenant's.
 */
const rebuildRecordingCodes =
  (service: Extract<ServiceName, 'analytics' | 'royalties'>): Command =>
  async ({ em, nats, subjectPrefix }, flags) => {
    const input = parseOrThrow(TenantOrEvery, flags);
    const tenant = input.tenant ? await findTenantBySlug(em, input.tenant) : undefined;
    const reply = await callService(
      await nats(),
      apiSubject(subjectPrefix, service),
      {
        operation: RECORDING_CODES_REBUILD_OPERATION,
        body: { all_tenants: tenant === undefined },
        principal: tenant ? { ...systemPrincipal(tenant.id, 'admin'), tenant_slug: tenant.slug } : systemPrincipal(NO_TENANT, 'admin'),
      },
      RECORDING_CODES_REBUILD_TIMEOUT_MS,
    );
    if (reply.status !== 200) {
      const body = reply.body as { error?: string } | undefined;
      throw new DomainError('bad_request', body?.error ?? `${service} answered ${reply.status}`);
    }
    return RecordingCodesRebuildReply.parse(reply.body);
  };

/** `noun verb` → what it does and prints; every command prints exactly one JSON document. */
export const ADMIN_COMMANDS: Record<string, Command> = {
  'tenant create': async ({ em }, flags) => {
    const input = parseOrThrow(TenantCreate, flags);
    // The operator names the domain: that is the proof a tenant admin's claim waits for.
    const tenant = await createTenant(em, { slug: input.slug, name: input.name, parentSlug: input.parent, domain: input.domain, domainProven: true });
    const { uuid, slug: tenantSlug, name, parent_uuid, ddex_party_id } = presentTenant(tenant);
    return { tenant: { uuid, slug: tenantSlug, name, parent_uuid, ddex_party_id } };
  },
  'tenant domain-approve': async ({ em }, flags) => {
    const input = parseOrThrow(DomainApproval, flags);
    return { tenant: presentTenant(await approveTenantDomain(em, input.slug, input.domain)) };
  },
  'tenant suspend': async ({ em, accessChanged }, flags) => {
    const tenant = await setTenantSuspended(em, parseOrThrow(SlugOnly, flags).slug, true);
    await accessChanged(tenant.id);
    return { tenant: presentTenant(tenant) };
  },
  'tenant unsuspend': async ({ em, accessChanged }, flags) => {
    const tenant = await setTenantSuspended(em, parseOrThrow(SlugOnly, flags).slug, false);
    await accessChanged(tenant.id);
    return { tenant: presentTenant(tenant) };
  },
  'tenant invoice': async ({ em, accessChanged }, flags) => {
    const input = parseOrThrow(Invoice, flags);
    const invoice = await openInvoice(em, input.slug, input['days-overdue']);
    await accessChanged(invoice.tenantId);
    return { invoice: presentInvoice(invoice) };
  },
  'tenant invoice-paid': async ({ em, accessChanged }, flags) => {
    const slug = parseOrThrow(SlugOnly, flags).slug;
    const invoice = await payInvoices(em, slug);
    await accessChanged((await findTenantBySlug(em, slug)).id);
    return { invoice: invoice ? presentInvoice(invoice) : null };
  },
  'tenant plan': async ({ em }, flags) => {
    const input = parseOrThrow(Plan, flags);
    const plan = await setTenantPlan(em, input.slug, {
      releasesPerYear: input['releases-per-year'],
      videoDistribution: input['video-distribution'],
    });
    return { plan: presentPlan(plan) };
  },
  'artist create': async ({ em, nats, subjectPrefix }, flags) => {
    const input = parseOrThrow(ArtistCreate, flags);
    const tenant = await findTenantBySlug(em, input.tenant);
    const reply = await callService(
      await nats(),
      apiSubject(subjectPrefix, 'catalogue'),
      {
        operation: CatalogueOperation.artistsCreate,
        body: { name: input.name, slug: input.slug },
        principal: {
          tenant_id: tenant.id,
          tenant_slug: tenant.slug,
          role: 'super_admin',
          actor: { type: 'system', id: 'admin' },
          artist_id: null,
          roster: false,
        },
      },
      15_000,
    );
    const body = reply.body as { artist?: unknown; error?: string; errors?: unknown } | undefined;
    if (reply.status !== 201) {
      throw new DomainError('bad_request', `${body?.error ?? `catalogue answered ${reply.status}`}${body?.errors ? ` ${JSON.stringify(body.errors)}` : ''}`);
    }
    return { artist: body?.artist };
  },
  'sftp supplier': async ({ em, nats, subjectPrefix }, flags) => {
    const input = parseOrThrow(TenantOnly, flags);
    const tenant = await findTenantBySlug(em, input.tenant);
    // The key pair is made here and only its public half travels: the private key is printed once, never stored.
    const keys = ssh2.utils.generateKeyPairSync('ed25519');
    const reply = await callService(
      await nats(),
      apiSubject(subjectPrefix, 'ingestion'),
      {
        operation: SFTP_SUPPLIER_OPERATION,
        body: { tenant_slug: tenant.slug, public_key: keys.public.trim() },
        principal: { ...systemPrincipal(tenant.id, 'admin'), tenant_slug: tenant.slug },
      },
      30_000,
    );
    const body = reply.body as { supplier?: Record<string, unknown>; error?: string } | undefined;
    if (reply.status !== 200) throw new DomainError('bad_request', body?.error ?? `ingestion answered ${reply.status}`);
    return { supplier: { tenant: tenant.slug, ...body?.supplier, upload_to: 'incoming/', public_key: keys.public.trim(), private_key: keys.private } };
  },
  'analytics load': async ({ em, nats, subjectPrefix, blobs, progress }, flags) => {
    const input = parseOrThrow(AnalyticsLoad, flags);
    const tenant = await findTenantBySlug(em, input.tenant);
    const path = resolve(input.file);
    const file = await stat(path).catch(() => undefined);
    if (!file?.isFile()) throw new DomainError('bad_request', `--file: ${input.file} is not a readable file.`);
    // The file travels as a private blob of the tenant; only its key rides NATS.
    const stored = await blobs().put(createReadStream(path), {
      tenantId: tenant.id,
      extension: reportExtension(path),
      maxBytes: REPORT_MAX_BYTES,
      contentType: 'text/plain',
      visibility: 'private',
    });
    const connection = await nats();
    const principal = { ...systemPrincipal(tenant.id, 'admin'), tenant_slug: tenant.slug };
    const reply = await callService(
      connection,
      apiSubject(subjectPrefix, 'analytics'),
      {
        operation: STREAMING_LOAD_FILE_OPERATION,
        body: { blob_key: stored.key, file_name: basename(path), size_bytes: file.size, ...(input.store ? { store: input.store } : {}) },
        principal,
      },
      LOAD_QUEUE_TIMEOUT_MS,
    );
    if (reply.status !== 202) {
      await blobs().remove(stored.key);
      const body = reply.body as { error?: string } | undefined;
      throw new DomainError('bad_request', body?.error ?? `analytics answered ${reply.status}`);
    }
    const queued = ReportLoadJobReply.parse(reply.body).job;
    if (input['no-wait']) return { job: queued };
    // The load runs as a job: its progress is shown until it ends, then its summary printed.
    const job = await followReportLoad(connection, subjectPrefix, principal, queued, progress);
    if (job.status !== 'completed' || !job.summary) {
      await blobs().remove(stored.key);
      throw new DomainError('bad_request', job.error ?? `the load ended ${job.status}`);
    }
    return { report: job.summary };
  },
  'analytics rebuild-codes': rebuildRecordingCodes('analytics'),
  'royalties rebuild-codes': rebuildRecordingCodes('royalties'),
  'delivery stage': async ({ nats, subjectPrefix }, flags) => {
    const input = parseOrThrow(DeliveryStage, flags);
    const reply = await callService(
      await nats(),
      apiSubject(subjectPrefix, 'delivery'),
      {
        operation: DeliveryOperation.setStage,
        body: { release_id: input.release, dsp: input.dsp, stage: input.stage },
        principal: systemPrincipal(NO_TENANT, 'admin'),
      },
      15_000,
    );
    const body = reply.body as { error?: string; errors?: unknown } | undefined;
    if (reply.status !== 200) {
      throw new DomainError('bad_request', `${body?.error ?? `delivery answered ${reply.status}`}${body?.errors ? ` ${JSON.stringify(body.errors)}` : ''}`);
    }
    return { delivery: reply.body };
  },
  'user create': async ({ em }, flags) => {
    const input = parseOrThrow(UserCreate, flags);
    const user = await createUser(em, {
      tenantSlug: input.tenant,
      email: input.email,
      password: input.password,
      role: input.role,
      artistId: input.artist,
    });
    const { uuid, email, role } = presentUser(user);
    return { user: { uuid, email, role } };
  },
  'user suspend': async ({ em }, flags) => {
    const input = parseOrThrow(UserSuspend, flags);
    return { user: presentUser(await setUserSuspended(em, { tenantSlug: input.tenant, email: input.email, suspended: true })) };
  },
  'user unsuspend': async ({ em }, flags) => {
    const input = parseOrThrow(UserSuspend, flags);
    return { user: presentUser(await setUserSuspended(em, { tenantSlug: input.tenant, email: input.email, suspended: false })) };
  },
  'key create': async ({ em }, flags) => {
    const input = parseOrThrow(KeyCreate, flags);
    const { raw, key } = await createApiKey(em, {
      tenantSlug: input.tenant,
      role: input.role,
      artistId: input.artist,
      roster: input.roster,
      expiresAt: input['expires-at'] ? new Date(input['expires-at']) : undefined,
    });
    const { uuid, prefix, role, roster, expires_at, artist_id } = presentApiKey(key);
    return { key: raw, api_key: { uuid, prefix, role, roster, expires_at, artist_id } };
  },
  'key revoke': async ({ em, accessChanged }, flags) => {
    const key = await revokeApiKey(em, parseOrThrow(KeyRevoke, flags).key);
    await accessChanged(key.tenantId);
    return { api_key: presentApiKey(key) };
  },
};
