import { Router, type Request } from 'express';
import { AccountEmailBody, ChangePasswordBody, Header, ResetPasswordBody, VerifyOtpBody } from '@sv/contracts';
import { ForbiddenError, parseOrThrow } from '@sv/platform';
import { credentialKeys } from '../../app/credentials/credential-secrets.ts';
import { sendVerificationCode, verifyEmailCode } from '../../app/credentials/one-time-codes.service.ts';
import { changePassword } from '../../app/credentials/password-change.service.ts';
import { requestPasswordReset, resetPassword } from '../../app/credentials/password-reset.service.ts';
import { resolveLoginTenant } from '../../app/tenants/resolve-tenant.ts';
import { describeUserCaller } from '../../app/users/current-caller.ts';
import { locals } from '../locals.ts';
import type { LocalRouteDeps } from './local-route.ts';

/** The same answer whether or not the account exists, so these routes reveal no accounts. */
const OTP_SENT = 'If an account with this email exists, a verification code has been sent to it.';
const RESET_SENT = 'If an account with this email exists, password reset instructions have been sent to it.';

/** Password change, one-time codes and password reset. */
export const credentialsRouter = ({ orm, sessions, json }: LocalRouteDeps): Router => {
  const router = Router();
  const keys = credentialKeys(sessions.secret);
  const tenantOf = (req: Request, slug: string | undefined) =>
    resolveLoginTenant(orm.em.fork(), { slug, domainHeader: req.get(Header.tenantDomain), host: req.hostname });

  router.patch('/users/me', json, async (req, res) => {
    const { principal, userId, sessionFamilyId } = locals(res);
    // An API key has no password to change.
    if (!principal || !userId || !sessionFamilyId) throw new ForbiddenError();
    const body = parseOrThrow(ChangePasswordBody, req.body ?? {});
    const em = orm.em.fork();
    await changePassword(em, { userId, sessionFamilyId, currentPassword: body.current_password, newPassword: body.new_password });
    res.json({ success: true, data: await describeUserCaller(orm.em.fork(), principal, userId) });
  });

  router.post('/auth/resend-otp', json, async (req, res) => {
    const body = parseOrThrow(AccountEmailBody, req.body ?? {});
    await sendVerificationCode(orm.em.fork(), keys, await tenantOf(req, body.tenant_slug), body.email);
    res.json({ success: true, message: OTP_SENT });
  });

  router.post('/auth/verify-otp', json, async (req, res) => {
    const body = parseOrThrow(VerifyOtpBody, req.body ?? {});
    await verifyEmailCode(orm.em.fork(), keys, await tenantOf(req, body.tenant_slug), body);
    res.json({ success: true, data: { verified: true } });
  });

  router.post('/auth/forgot-password', json, async (req, res) => {
    const body = parseOrThrow(AccountEmailBody, req.body ?? {});
    await requestPasswordReset(orm.em.fork(), keys, await tenantOf(req, body.tenant_slug), body.email);
    res.json({ success: true, message: RESET_SENT });
  });

  router.post('/auth/reset-password', json, async (req, res) => {
    const body = parseOrThrow(ResetPasswordBody, req.body ?? {});
    await resetPassword(orm.em.fork(), keys, body);
    res.json({ success: true, message: 'Your password has been reset. Please log in again.' });
  });
  return router;
};
