import type { Request, Response } from 'express';
import { AccountEmailBody, ChangePasswordBody, GatewayRouteOperation, Header, ResetPasswordBody, VerifyOtpBody } from '@sv/contracts';
import { ForbiddenError, parseOrThrow } from '@sv/platform';
import { credentialKeys } from '../../app/credentials/credential-secrets.ts';
import { sendVerificationCode, verifyEmailCode } from '../../app/credentials/one-time-codes.service.ts';
import { changePassword } from '../../app/credentials/password-change.service.ts';
import { requestPasswordReset, resetPassword } from '../../app/credentials/password-reset.service.ts';
import { resolveLoginTenant } from '../../app/tenants/resolve-tenant.ts';
import { describeUserCaller } from '../../app/users/current-caller.ts';
import { locals } from '../locals.ts';
import type { LocalHandlers, LocalRouteDeps } from './local-route.ts';

/** The same answer whether or not the account exists, so these routes reveal no accounts. */
const OTP_SENT = 'If an account with this email exists, a verification code has been sent to it.';
const RESET_SENT = 'If an account with this email exists, password reset instructions have been sent to it.';

/** Password change, one-time codes and password reset. */
export const credentialsHandlers = ({ orm, sessions, json }: LocalRouteDeps): LocalHandlers => {
  const keys = credentialKeys(sessions.secret);
  const tenantOf = (req: Request, slug: string | undefined) =>
    resolveLoginTenant(orm.em.fork(), { slug, domainHeader: req.get(Header.tenantDomain), host: req.hostname });

  const updatePassword = async (req: Request, res: Response) => {
    const { principal, userId, sessionFamilyId } = locals(res);
    // An API key has no password to change.
    if (!principal || !userId || !sessionFamilyId) throw new ForbiddenError();
    const body = parseOrThrow(ChangePasswordBody, req.body ?? {});
    const em = orm.em.fork();
    await changePassword(em, { userId, sessionFamilyId, currentPassword: body.current_password, newPassword: body.new_password });
    res.json({ success: true, data: await describeUserCaller(orm.em.fork(), principal, userId) });
  };

  const resendOtp = async (req: Request, res: Response) => {
    const body = parseOrThrow(AccountEmailBody, req.body ?? {});
    await sendVerificationCode(orm.em.fork(), keys, await tenantOf(req, body.tenant_slug), body.email);
    res.json({ success: true, message: OTP_SENT });
  };

  const verifyOtp = async (req: Request, res: Response) => {
    const body = parseOrThrow(VerifyOtpBody, req.body ?? {});
    await verifyEmailCode(orm.em.fork(), keys, await tenantOf(req, body.tenant_slug), body);
    res.json({ success: true, data: { verified: true } });
  };

  const forgotPassword = async (req: Request, res: Response) => {
    const body = parseOrThrow(AccountEmailBody, req.body ?? {});
    await requestPasswordReset(orm.em.fork(), keys, await tenantOf(req, body.tenant_slug), body.email);
    res.json({ success: true, message: RESET_SENT });
  };

  const reset = async (req: Request, res: Response) => {
    const body = parseOrThrow(ResetPasswordBody, req.body ?? {});
    await resetPassword(orm.em.fork(), keys, body);
    res.json({ success: true, message: 'Your password has been reset. Please log in again.' });
  };

  return {
    [GatewayRouteOperation.currentUserUpdate]: [json, updatePassword],
    [GatewayRouteOperation.resendOtp]: [json, resendOtp],
    [GatewayRouteOperation.verifyOtp]: [json, verifyOtp],
    [GatewayRouteOperation.forgotPassword]: [json, forgotPassword],
    [GatewayRouteOperation.resetPassword]: [json, reset],
  };
};
