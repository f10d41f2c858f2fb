import { z } from 'zod';
import { Role } from '../../roles.ts';

/*
 * Bodies of the routes the gateway answers itself (sessions, credentials, users, tenants),
 * with the rules and messages the gateway applies.
 */

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 1024;

const loginEmail = z.string().trim().min(1).max(320).pipe(z.email('The email must be a valid email address.'));
const tenantSlug = z.string().trim().min(1).max(100).optional();

const newPassword = (field: string) =>
  z
    .string()
    .min(PASSWORD_MIN, `The ${field} must be at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `The ${field} may not be greater than ${PASSWORD_MAX} characters.`);

/** POST /auth/login; tenant_slug may be left out when X-Tenant-Domain (or the host) names the tenant. */
export const LoginBody = z.object({
  email: loginEmail,
  password: z.string().min(1).max(PASSWORD_MAX),
  tenant_slug: tenantSlug,
});
export type LoginBody = z.infer<typeof LoginBody>;

/** PATCH /users/me: a password change. */
export const ChangePasswordBody = z.object({
  current_password: z.string().min(1).max(PASSWORD_MAX),
  new_password: newPassword('new_password'),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** POST /auth/resend-otp and /auth/forgot-password: the account, by email within a tenant. */
export const AccountEmailBody = z.object({ email: loginEmail, tenant_slug: tenantSlug });
export type AccountEmailBody = z.infer<typeof AccountEmailBody>;

export const VerifyOtpBody = z.object({ email: loginEmail, tenant_slug: tenantSlug, code: z.string().trim().min(1).max(32) });
export type VerifyOtpBody = z.infer<typeof VerifyOtpBody>;

export const ResetPasswordBody = z.object({ token: z.string().trim().min(1).max(256), password: newPassword('password') });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

const userEmail = z
  .string()
  .trim()
  .min(1, 'The email field is required.')
  .max(320)
  .pipe(z.email('The email must be a valid email address.'));
const userArtistId = z.uuid('The artist_id must be a UUID.').nullable().optional();
/** A string first, so that a missing role reads "required" rather than "invalid". */
const userRole = z.string().pipe(Role);

export const CreateUserBody = z.object({
  email: userEmail,
  password: z.string().min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`).max(PASSWORD_MAX),
  role: userRole,
  artist_id: userArtistId,
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const UpdateUserBody = z.object({
  role: userRole.optional(),
  artist_id: userArtistId,
  status: z.enum(['active', 'suspended']).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

const TENANT_SLUG = /^[a-z0-9-]+$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
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
    return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label)) && /[a-z]/.test(labels.at(-1) ?? '');
  }, DOMAIN_MESSAGE);

/** POST /tenants/clients: a child tenant of the caller's. */
export const CreateClientBody = z.object({
  name: z.string().trim().min(1, 'The name field is required.').max(255),
  slug: z
    .string()
    .trim()
    .min(1, 'The slug field is required.')
    .max(100)
    .regex(TENANT_SLUG, 'The slug may only contain lowercase letters, digits and hyphens.'),
  domain: TenantDomain.nullable().optional(),
});
export type CreateClientBody = z.infer<typeof CreateClientBody>;

/** PUT /tenants/domain: null clears the mapping. */
export const SetTenantDomainBody = z.object({ domain: TenantDomain.nullable() });
export type SetTenantDomainBody = z.infer<typeof SetTenantDomainBody>;
