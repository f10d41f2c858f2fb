import type { Request, Response } from 'express';
import { GatewayRouteOperation } from '@sv/contracts';
import { describeApiKeyCaller, describeUserCaller } from '../../app/users/current-caller.ts';
import { locals } from '../locals.ts';
import type { LocalHandlers, LocalRouteDeps } from './local-route.ts';

/** GET /users/me: the caller and its workspace, for a key or a signed-in user. */
export const currentUserHandlers = ({ orm }: LocalRouteDeps): LocalHandlers => {
  const describeCaller = async (_req: Request, res: Response) => {
    const { principal, apiKeyId, userId } = locals(res);
    if (!principal) throw new Error('users/me needs an authenticated principal');
    const em = orm.em.fork();
    const caller = apiKeyId
      ? await describeApiKeyCaller(em, principal, apiKeyId)
      : await describeUserCaller(em, principal, userId ?? '');
    res.json({ success: true, data: caller });
  };
  return { [GatewayRouteOperation.currentUserGet]: [describeCaller] };
};
