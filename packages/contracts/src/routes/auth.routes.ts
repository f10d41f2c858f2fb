import { defineRoute } from './define-route.ts';
import { GatewayRouteOperation } from './operations/gateway-route-operations.ts';
import type { OperationOf } from './operations/service-operations.ts';
import { AccountEmailBody, LoginBody, ResetPasswordBody, VerifyOtpBody } from './requests/identity-bodies.ts';
import { SuccessMessageReply } from './responses/common.ts';
import { OtpVerifiedReply, SessionReply } from './responses/identity.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

const REFRESH_PATH = '/auth/refresh';

/**
 * Interactive sessions, one-time codes and password reset, answered by the gateway. None takes
 * Idempotency-Key: a replay would hand out a stored token, and each of these is its own event.
 * The anonymous ones are how a token is obtained; they count in the auth rate category.
 */
const refresh = (path: string) =>
  defineRoute({
    method: 'POST',
    path,
    service: 'gateway',
    operation: GatewayRouteOperation.refresh,
    summary: 'Exchange the refresh cookie for a new access token; the old refresh token is revoked and a new cookie set.',
    anonymous: true,
    idempotent: false,
    sensitive: true,
    rate: 'auth',
    responses: { 200: { description: 'The new access token (the same shape as login).', body: SessionReply } },
    // 401: no, retired or revoked refresh cookie; 403: the account or workspace is suspended.
    errors: [401, 403],
    ...(path === REFRESH_PATH ? {} : { aliasOf: REFRESH_PATH }),
  });

const endSession = (path: string, operation: OperationOf<'gateway'>, summary: string) =>
  defineRoute({
    method: 'POST',
    path,
    service: 'gateway',
    operation,
    summary,
    idempotent: false,
    responses: { 200: { description: 'Logged out: `{success, message}`.', body: SuccessMessageReply } },
  });

export const AUTH_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'POST',
    path: '/auth/login',
    service: 'gateway',
    operation: GatewayRouteOperation.login,
    summary: 'Log in with email and password; the refresh token is set as the httpOnly cookie sv_refresh_token.',
    anonymous: true,
    idempotent: false,
    sensitive: true,
    rate: 'auth',
    request: { body: LoginBody },
    responses: { 200: { description: 'The access token: `{success, data:{access_token, token_type, expires_at}}`.', body: SessionReply } },
    // 401: Invalid email or password; 403: suspended; 404: Tenant not found.
    errors: [401, 403, 404],
  }),
  refresh(REFRESH_PATH),
  refresh('/auth/token/refresh'),
  endSession('/auth/logout', GatewayRouteOperation.logout, "Log out: clear the cookie and revoke the session's refresh token."),
  endSession('/auth/logout-all', GatewayRouteOperation.logoutAll, 'Revoke every session of the user.'),
  defineRoute({
    method: 'POST',
    path: '/auth/token/revoke',
    service: 'gateway',
    operation: GatewayRouteOperation.revokeToken,
    summary: 'Revoke the current session.',
    idempotent: false,
    responses: { 204: { description: 'Revoked.' } },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/resend-otp',
    service: 'gateway',
    operation: GatewayRouteOperation.resendOtp,
    summary: 'Email a new verification code (the same answer whether or not the account exists).',
    anonymous: true,
    idempotent: false,
    rate: 'auth',
    request: { body: AccountEmailBody },
    responses: { 200: { description: '`{success, message}`.', body: SuccessMessageReply } },
    errors: [404],
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/verify-otp',
    service: 'gateway',
    operation: GatewayRouteOperation.verifyOtp,
    summary: "Verify the account's email with the code it was sent.",
    anonymous: true,
    idempotent: false,
    sensitive: true,
    rate: 'auth',
    request: { body: VerifyOtpBody },
    responses: { 200: { description: 'The email is verified.', body: OtpVerifiedReply } },
    // 422: Invalid or expired OTP.
    errors: [404],
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/forgot-password',
    service: 'gateway',
    operation: GatewayRouteOperation.forgotPassword,
    summary: 'Email password reset instructions (the same answer whether or not the account exists).',
    anonymous: true,
    idempotent: false,
    rate: 'auth',
    request: { body: AccountEmailBody },
    responses: { 200: { description: '`{success, message}`.', body: SuccessMessageReply } },
    errors: [404],
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/reset-password',
    service: 'gateway',
    operation: GatewayRouteOperation.resetPassword,
    summary: 'Set a new password with a reset token; every session is revoked.',
    anonymous: true,
    idempotent: false,
    sensitive: true,
    rate: 'auth',
    request: { body: ResetPasswordBody },
    // 422: Invalid or expired reset token.
    responses: { 200: { description: '`{success, message}`.', body: SuccessMessageReply } },
  }),
];
