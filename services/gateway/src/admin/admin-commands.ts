import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AnalyticsOperation,
  CatalogueOperation,
  ConfirmedStage,
  DeliveryOperation,
  IngestionOperation,
  RECORDING_CODES_REBUILD_TIMEOUT_MS,
  RecordingCodesRebuildReply,
  Role,
  ReportLoadJobReply,
  SharedOperation,
  TenantDomain,
  systemPrincipal,
  type ParsedServiceReply,
  type ServiceName,
  type ServiceRequest,
} from '@sv/contracts';
import { DomainError, parseOrThrow, type BlobStore } from '@sv/platform';
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
import type { AdminBus } from './admin-errors.ts';
import type { AdminCommandHelp } from './admin-help.ts';
import { busSubscriberCommand, busSubscribersCommand } from './admin-bus-subscriber.ts';
import { ddexValidateCommand } from './admin-ddex-validate.ts';
import { deliveryOnboardingCommand } from './admin-onboarding.ts';
import { followReportLoad, type AdminProgress } from './admin-report-load.ts';
import { platformStatus, statusLines, statusProblem } from './admin-status.ts';

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
  /** The bus the command uses, as its errors name it. */
  bus: AdminBus;
  /** Asks a service over the bus; no replica answering (or none in time) is an error naming the bus and what to check. */
  ask: (service: ServiceName, request: ServiceRequest, timeoutMs: number) => Promise<ParsedServiceReply>;
}

export type AdminFlags = Record<string, string | boolean | undefined>;

/** What one command made: its JSON document, how a terminal shows it, and why it failed although it ran. */
export interface AdminRun {
  result: unknown;
  /** Shown instead of the JSON document when stdout is a terminal. */
  text?: string | undefined;
  /** Set: the command ran, and its document says something is wrong (exit non-zero). */
  problem?: string | undefined;
}

/** One command: its flags' schema and what the help says of it, beside what it does with the parsed flags. */
export interface AdminCommand extends AdminCommandHelp {
  run: (context: AdminContext, flags: AdminFlags) => Promise<AdminRun>;
}

/** Declares a command: its flags are parsed by `flags` before `run` sees them, and the help is made from the same schema. */
const command = <TFlags extends z.ZodObject, TResult>(declaration: {
  summary: string;
  flags: TFlags;
  example: string;
  run: (context: AdminContext, input: z.output<TFlags>) => Promise<TResult>;
  /** How a terminal shows the result; absent: the JSON document everywhere. */
  display?: (result: TResult) => string;
  /** What is wrong although the command ran (exit non-zero); absent: a command that runs succeeds. */
  problem?: (result: TResult) => string | undefined;
}): AdminCommand => ({
  summary: declaration.summary,
  flags: declaration.flags,
  example: declaration.example,
  run: async (context, flags) => {
    const result = await declaration.run(context, parseOrThrow(declaration.flags, flags));
    return { result, text: declaration.display?.(result), problem: declaration.problem?.(result) };
  },
});

const slug = z.string().min(1).max(100).regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and hyphens');
const text = z.string().trim().min(1);
const bool = z.enum(['true', 'false']).transform((value) => value === 'true');
const tenantSlug = slug.describe('the tenant, by its slug');
const email = z.email().describe('the user\'s email address');

const TenantCreate = z.object({
  slug: slug.describe('the new tenant\'s slug (lowercase letters, digits, hyphens)'),
  name: text.describe('its display name'),
  parent: slug.optional().describe('the parent tenant\'s slug: the new tenant is its child'),
  domain: z.string().min(1).optional().describe('a white-label domain, approved at once'),
});
const SlugOnly = z.object({ slug: tenantSlug });
const DomainApproval = z.object({ slug: tenantSlug, domain: TenantDomain.describe('the domain the tenant claimed') });
const Invoice = z.object({ slug: tenantSlug, 'days-overdue': z.coerce.number().int().min(0).max(3650).describe('how many days overdue the open invoice is') });
const Plan = z.object({
  slug: tenantSlug,
  'releases-per-year': z.coerce.number().int().min(0).max(100_000).describe('releases the tenant may submit a year'),
  'video-distribution': bool.optional().describe('whether videos may be distributed (true or false)'),
});
const ArtistCreate = z.object({ tenant: tenantSlug, name: text.describe('the artist\'s name'), slug: slug.describe('the artist\'s slug') });
const UserCreate = z.object({
  tenant: tenantSlug,
  email,
  password: z.string().min(8, 'at least 8 characters').describe('the user\'s password, at least 8 characters'),
  role: Role.describe('the user\'s role'),
  artist: z.uuid().optional().describe('the artist (uuid) an artist user acts as'),
});
const UserSuspend = z.object({ tenant: tenantSlug, email });
const KeyCreate = z.object({
  tenant: tenantSlug,
  role: Role.describe('the key\'s role'),
  artist: z.uuid().optional().describe('the artist (uuid) an artist key acts as'),
  roster: z.literal(true).optional().describe('the key sees every artist of the tenant\'s roster'),
  'expires-at': z.iso.datetime({ offset: true }).optional().describe('when the key stops working (ISO 8601 with offset)'),
});
const KeyRevoke = z.object({ key: z.string().startsWith('svk_').describe('the key itself (svk_…)') });
const DeliveryStage = z.object({
  release: z.uuid().describe('the release (uuid)'),
  dsp: z.string().trim().min(1).max(100).describe('the store\'s id'),
  stage: ConfirmedStage.describe('the stage the store confirmed'),
});

/** The nil UUID: the operator acts for no tenant; the delivery service finds the release's own. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';
const TenantOnly = z.object({ tenant: tenantSlug });
const TenantOrEvery = z.object({ tenant: slug.optional().describe('only this tenant (by its slug); every tenant when absent') });
const AnalyticsLoad = z.object({
  tenant: tenantSlug,
  file: z.string().min(1).describe('the sales or streaming report file to load'),
  store: z.string().trim().min(1).max(100).optional().describe('the store the report comes from, when its name does not say'),
  'no-wait': z.boolean().optional().describe('print the queued job and return, instead of following the load to its end'),
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
const rebuildRecordingCodes = (service: Extract<ServiceName, 'analytics' | 'royalties'>): AdminCommand =>
  command({
    summary: `Rebuilds ${service}' recording codes (what report lines are matched by) from the catalogue.`,
    flags: TenantOrEvery,
    example: `${service} rebuild-codes --tenant acme`,
    run: async ({ em, ask }, input) => {
      const tenant = input.tenant ? await findTenantBySlug(em, input.tenant) : undefined;
      const reply = await ask(
        service,
        {
          operation: SharedOperation.recordingCodesRebuild,
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
    },
  });

/** `noun verb` → what it does and prints; every command prints exactly one JSON document. */
export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  'bus subscriber': busSubscriberCommand,
  'bus subscribers': busSubscribersCommand,
  'ddex validate': ddexValidateCommand,
  'tenant create': command({
    summary: 'Creates a tenant (a label or a child imprint) and prints it.',
    flags: TenantCreate,
    example: 'tenant create --slug acme --name "Acme Records" --domain acme.example',
    run: async ({ em }, input) => {
      // The operator names the domain: that is the proof a tenant admin's claim waits for.
      const tenant = await createTenant(em, { slug: input.slug, name: input.name, parentSlug: input.parent, domain: input.domain, domainProven: true });
      const { uuid, slug: tenantSlug, name, parent_uuid, ddex_party_id } = presentTenant(tenant);
      return { tenant: { uuid, slug: tenantSlug, name, parent_uuid, ddex_party_id } };
    },
  }),
  'tenant domain-approve': command({
    summary: 'Approves the white-label domain a tenant claimed.',
    flags: DomainApproval,
    example: 'tenant domain-approve --slug acme --domain music.acme.example',
    run: async ({ em }, input) => ({ tenant: presentTenant(await approveTenantDomain(em, input.slug, input.domain)) }),
  }),
  'tenant suspend': command({
    summary: 'Suspends a tenant: its users and keys are refused until unsuspended.',
    flags: SlugOnly,
    example: 'tenant suspend --slug acme',
    run: async ({ em, accessChanged }, input) => {
      const tenant = await setTenantSuspended(em, input.slug, true);
      await accessChanged(tenant.id);
      return { tenant: presentTenant(tenant) };
    },
  }),
  'tenant unsuspend': command({
    summary: 'Lifts a tenant\'s suspension.',
    flags: SlugOnly,
    example: 'tenant unsuspend --slug acme',
    run: async ({ em, accessChanged }, input) => {
      const tenant = await setTenantSuspended(em, input.slug, false);
      await accessChanged(tenant.id);
      return { tenant: presentTenant(tenant) };
    },
  }),
  'tenant invoice': command({
    summary: 'Opens an invoice for a tenant, overdue by the days given (an overdue tenant is refused with 402).',
    flags: Invoice,
    example: 'tenant invoice --slug acme --days-overdue 3',
    run: async ({ em, accessChanged }, input) => {
      const invoice = await openInvoice(em, input.slug, input['days-overdue']);
      await accessChanged(invoice.tenantId);
      return { invoice: presentInvoice(invoice) };
    },
  }),
  'tenant invoice-paid': command({
    summary: 'Marks a tenant\'s open invoices paid.',
    flags: SlugOnly,
    example: 'tenant invoice-paid --slug acme',
    run: async ({ em, accessChanged }, input) => {
      const invoice = await payInvoices(em, input.slug);
      await accessChanged((await findTenantBySlug(em, input.slug)).id);
      return { invoice: invoice ? presentInvoice(invoice) : null };
    },
  }),
  'tenant plan': command({
    summary: 'Sets a tenant\'s plan: releases a year and video distribution.',
    flags: Plan,
    example: 'tenant plan --slug acme --releases-per-year 50 --video-distribution true',
    run: async ({ em }, input) => {
      const plan = await setTenantPlan(em, input.slug, {
        releasesPerYear: input['releases-per-year'],
        videoDistribution: input['video-distribution'],
      });
      return { plan: presentPlan(plan) };
    },
  }),
  'artist create': command({
    summary: 'Creates an artist in a tenant\'s catalogue (asks the catalogue service).',
    flags: ArtistCreate,
    example: 'artist create --tenant acme --name "Night Owls" --slug night-owls',
    run: async ({ em, ask }, input) => {
      const tenant = await findTenantBySlug(em, input.tenant);
      const reply = await ask(
        'catalogue',
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
  }),
  'sftp supplier': command({
    summary: 'Makes a tenant an SFTP supplier: prints its login and a new key pair (the private key only this once).',
    flags: TenantOnly,
    example: 'sftp supplier --tenant acme',
    run: async ({ em, ask }, input) => {
      const tenant = await findTenantBySlug(em, input.tenant);
      // The key pair is made here and only its public half travels: the private key is printed once, never stored.
      const keys = ssh2.utils.generateKeyPairSync('ed25519');
      const reply = await ask(
        'ingestion',
        {
          operation: IngestionOperation.sftpSuppliersRegister,
          body: { tenant_slug: tenant.slug, public_key: keys.public.trim() },
          principal: { ...systemPrincipal(tenant.id, 'admin'), tenant_slug: tenant.slug },
        },
        30_000,
      );
      const body = reply.body as { supplier?: Record<string, unknown>; error?: string } | undefined;
      if (reply.status !== 200) throw new DomainError('bad_request', body?.error ?? `ingestion answered ${reply.status}`);
      return { supplier: { tenant: tenant.slug, ...body?.supplier, upload_to: 'incoming/', public_key: keys.public.trim(), private_key: keys.private } };
    },
  }),
  'analytics load': command({
    summary: 'Loads a store\'s sales or streaming report for a tenant, showing progress on stderr, and prints its summary.',
    flags: AnalyticsLoad,
    example: 'analytics load --tenant acme --file reports/spotify-2026-10.tsv',
    run: async ({ em, nats, ask, subjectPrefix, blobs, progress }, input) => {
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
      const principal = { ...systemPrincipal(tenant.id, 'admin'), tenant_slug: tenant.slug };
      const reply = await ask(
        'analytics',
        {
          operation: AnalyticsOperation.streamingLoadFile,
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
      const job = await followReportLoad(await nats(), subjectPrefix, principal, queued, progress);
      if (job.status !== 'completed' || !job.summary) {
        await blobs().remove(stored.key);
        throw new DomainError('bad_request', job.error ?? `the load ended ${job.status}`);
      }
      return { report: job.summary };
    },
  }),
  'analytics rebuild-codes': rebuildRecordingCodes('analytics'),
  'royalties rebuild-codes': rebuildRecordingCodes('royalties'),
  'delivery stage': command({
    summary: 'Records a stage a store confirmed for a release (when the store told it outside the platform).',
    flags: DeliveryStage,
    example: 'delivery stage --release 0b6f…-… --dsp spotify --stage live',
    run: async ({ ask }, input) => {
      const reply = await ask(
        'delivery',
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
  }),
  'delivery onboarding': deliveryOnboardingCommand,
  'user create': command({
    summary: 'Creates a user of a tenant with a role and prints it.',
    flags: UserCreate,
    example: 'user create --tenant acme --email owner@acme.example --password "a long password" --role owner',
    run: async ({ em }, input) => {
      const user = await createUser(em, {
        tenantSlug: input.tenant,
        email: input.email,
        password: input.password,
        role: input.role,
        artistId: input.artist,
      });
      const { uuid, email: address, role } = presentUser(user);
      return { user: { uuid, email: address, role } };
    },
  }),
  'user suspend': command({
    summary: 'Suspends a user: their sign-in and sessions are refused.',
    flags: UserSuspend,
    example: 'user suspend --tenant acme --email owner@acme.example',
    run: async ({ em }, input) => ({ user: presentUser(await setUserSuspended(em, { tenantSlug: input.tenant, email: input.email, suspended: true })) }),
  }),
  'user unsuspend': command({
    summary: 'Lifts a user\'s suspension.',
    flags: UserSuspend,
    example: 'user unsuspend --tenant acme --email owner@acme.example',
    run: async ({ em }, input) => ({ user: presentUser(await setUserSuspended(em, { tenantSlug: input.tenant, email: input.email, suspended: false })) }),
  }),
  'key create': command({
    summary: 'Creates an API key of a tenant and prints it (the key itself only this once).',
    flags: KeyCreate,
    example: 'key create --tenant acme --role label_admin --roster',
    run: async ({ em }, input) => {
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
  }),
  'key revoke': command({
    summary: 'Revokes an API key at once.',
    flags: KeyRevoke,
    example: 'key revoke --key svk_…',
    run: async ({ em, accessChanged }, input) => {
      const key = await revokeApiKey(em, input.key);
      await accessChanged(key.tenantId);
      return { api_key: presentApiKey(key) };
    },
  }),
  status: command({
    summary: 'Asks every service over the bus whether it is ready; exit 1 when one is not.',
    flags: z.object({}),
    example: 'status --env sandbox',
    run: (context) => platformStatus(context),
    display: statusLines,
    problem: statusProblem,
  }),
};
