import type { CookieOptions, Request, Response } from 'express';
import { GatewayRouteOperation, Header, LoginBody } from '@sv/contracts';
import { ForbiddenError, parseOrThrow } from '@sv/platform';
import { TokenMissingError } from '../../app/auth/auth.errors.ts';
import { REFRESH_COOKIE } from '../../app/sessions/refresh-token.ts';
import {
  login,
  refreshSession,
  revokeAllSessionsOfUser,
  revokeFamily,
  type IssuedSession,
} from '../../app/sessions/sessions.service.ts';
import { resolveLoginTenant } from '../../app/tenants/resolve-tenant.ts';
import { locals } from '../locals.ts';
import type { LocalHandlers, LocalRouteDeps } from './local-route.ts';

export type SessionRoutesSettings = LocalRouteDeps['sessions'];

const cookieOptions = (settings: SessionRoutesSettings, expires?: Date): CookieOptions => ({
  httpOnly: true,
  secure: settings.cookieSecure,
  sameSite: settings.cookieSecure ? 'strict' : 'lax',
  path: '/',
  ...(expires ? { expires } : {}),
});

const sendSession = (res: Response, settings: SessionRoutesSettings, session: IssuedSession): void => {
  res.cookie(REFRESH_COOKIE, session.refreshToken, cookieOptions(settings, session.refreshExpiresAt));
  res.json({
    success: true,
    data: { access_token: session.access.token, token_type: 'Bearer', expires_at: session.access.expiresAt.toISOString() },
  });
};

const refreshCookie = (req: Request): string => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  if (typeof value !== 'string' || value === '') throw new TokenMissingError();
  return value;
};

/** Sessions: login and refresh need no bearer token (they are how one is obtained); ending one does. */
export const sessionHandlers = ({ orm, sessions: settings, json }: LocalRouteDeps): LocalHandlers => {
  const signIn = async (req: Request, res: Response) => {
    const body = parseOrThrow(LoginBody, req.body ?? {});
    const em = orm.em.fork();
    const tenant = await resolveLoginTenant(em, {
      slug: body.tenant_slug,
      domainHeader: req.get(Header.tenantDomain),
      host: req.hostname,
    });
    sendSession(res, settings, await login(em, settings, tenant, body));
  };
  // Reads the refresh cookie, parsed before dispatch (app.ts).
  const refresh = async (req: Request, res: Response) => {
    sendSession(res, settings, await refreshSession(orm.em.fork(), settings, refreshCookie(req)));
  };

  // An API key has no session to end.
  const session = (res: Response) => {
    const state = locals(res);
    if (!state.userId || !state.sessionFamilyId) throw new ForbiddenError();
    return { userId: state.userId, familyId: state.sessionFamilyId };
  };
  const logout = async (_req: Request, res: Response) => {
    await revokeFamily(orm.em.fork(), session(res).familyId);
    res.clearCookie(REFRESH_COOKIE, cookieOptions(settings));
    res.json({ success: true, message: 'Logged out.' });
  };
  const logoutAll = async (_req: Request, res: Response) => {
    await revokeAllSessionsOfUser(orm.em.fork(), session(res).userId);
    res.clearCookie(REFRESH_COOKIE, cookieOptions(settings));
    res.json({ success: true, message: 'Logged out of every session.' });
  };
  const revokeToken = async (_req: Request, res: Response) => {
    await revokeFamily(orm.em.fork(), session(res).familyId);
    res.clearCookie(REFRESH_COOKIE, cookieOptions(settings));
    res.status(204).end();
  };

  return {
    [GatewayRouteOperation.login]: [json, signIn],
    // /auth/refresh and its alias /auth/token/refresh.
    [GatewayRouteOperation.refresh]: [refresh],
    [GatewayRouteOperation.logout]: [logout],
    [GatewayRouteOperation.logoutAll]: [logoutAll],
    [GatewayRouteOperation.revokeToken]: [revokeToken],
  };
};
