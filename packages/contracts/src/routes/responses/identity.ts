import { z } from 'zod';
import { Role } from '../../roles.ts';
import { envelope, envelopeList, nullableIsoTimestamp, isoTimestamp } from './common.ts';

/** An access token as login, refresh and login-as issue it; the refresh token rides in the cookie. */
export const AccessTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: isoTimestamp,
});

/** POST /auth/login and /auth/refresh: `{success, data:{access_token, token_type, expires_at}}`. */
export const SessionReply = envelope(AccessTokenSchema);

/** A user of the tenant; password hashes are never shown. */
export const UserResourceSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  role: Role,
  artist_id: z.uuid().nullable(),
  status: z.enum(['active', 'suspended']),
  tenant_uuid: z.uuid(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});

/** A tenant (workspace): the caller's own or one of its clients. */
export const TenantResourceSchema = z.object({
  uuid: z.uuid(),
  slug: z.string(),
  name: z.string(),
  parent_uuid: z.uuid().nullable(),
  /** The tenant's own DDEX party identifier. */
  ddex_party_id: z.string(),
  domain: z.string().nullable(),
  /** A claimed domain resolves the tenant only once verified (DNS proof or the operator's approval). */
  domain_status: z.enum(['pending', 'verified']).nullable(),
  status: z.enum(['active', 'suspended']),
  created_at: isoTimestamp,
});

/** The API key a request was made with (never the key itself). */
export const ApiKeyResourceSchema = z.object({
  uuid: z.uuid(),
  prefix: z.string(),
  role: Role,
  roster: z.boolean(),
  artist_id: z.uuid().nullable(),
  expires_at: nullableIsoTimestamp,
  revoked_at: nullableIsoTimestamp,
  created_at: isoTimestamp,
});

/** GET /users/me: the workspace of the key or session, and the key or user itself. */
export const CurrentCallerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('api_key'), role: Role, workspace: TenantResourceSchema, api_key: ApiKeyResourceSchema }),
  z.object({ type: z.literal('user'), role: Role, workspace: TenantResourceSchema, user: UserResourceSchema }),
]);
export const CurrentCallerReply = envelope(CurrentCallerSchema);

export const UserReply = envelope(UserResourceSchema);
export const UserListReply = envelopeList(UserResourceSchema);

export const TenantReply = envelope(TenantResourceSchema);
export const TenantListReply = envelopeList(TenantResourceSchema);

/**
 * PUT /tenants/domain: the tenant, and while its domain is pending the TXT record that proves it
 * (publish it, then PUT the same domain again).
 */
export const TenantDomainReply = envelope(
  TenantResourceSchema.extend({
    domain_verification: z
      .object({ record_type: z.literal('TXT'), record_name: z.string(), record_value: z.string() })
      .nullable(),
  }),
);

/**
 * POST /tenants/clients/{uuid}/login-as (spec, Specifics 1): a token carrying the caller's own
 * identity re-scoped to the client tenant, an acting_as object and a note. The role is not elevated.
 */
export const LoginAsReply = envelope(
  AccessTokenSchema.extend({
    acting_as: z.object({ user_id: z.uuid(), role: Role }),
    tenant: z.object({ uuid: z.uuid(), slug: z.string(), name: z.string() }),
    note: z.string(),
  }),
);

/** A tenant's white-label settings: its mapped domain and the CDN addresses of its logo and favicon. */
export const WhitelabelSchema = z.object({
  tenant_uuid: z.uuid(),
  domain: z.string().nullable(),
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
});
export const WhitelabelReply = envelope(WhitelabelSchema);

/** POST /auth/verify-otp: the email is verified. */
export const OtpVerifiedReply = envelope(z.object({ verified: z.literal(true) }));
