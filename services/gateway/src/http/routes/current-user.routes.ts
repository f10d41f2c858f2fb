import { Router } from 'express';
import { describeApiKeyCaller, describeUserCaller } from '../../app/users/current-caller.ts';
import { locals } from '../locals.ts';
import type { LocalRouteDeps } from './local-route.ts';

/** GET /users/me: the caller and its workspace, for a key or a signed-in user. */
export const currentUserRouter = ({ orm }: LocalRouteDeps): Router => {
  const router = Router();
  router.get('/users/me', async (_req, res) => {
    const { principal, apiKeyId, userId } = locals(res);
    if (!principal) throw new Error('users/me needs an authenticated principal');
    const em = orm.em.fork();
    const caller = apiKeyId
      ? await describeApiKeyCaller(em, principal, apiKeyId)
      : await describeUserCaller(em, principal, userId ?? '');
    res.json({ success: true, data: caller });
  });
  return router;
};
