import type { MikroORM } from '@mikro-orm/postgresql';
import { Router, type Request, type Response } from 'express';
import type { Environment } from '@sv/contracts';
import { pingDatabase } from '@sv/platform';
import { healthReport } from '../app/health/health-report.ts';
import { describeApiKeyCaller } from '../app/users/current-caller.ts';
import { locals } from './locals.ts';

/** GET /health: no auth, no rate limit; 503 when the database ping fails. */
export const healthRoute = (orm: MikroORM, environment: Environment, version: string) => async (_req: Request, res: Response) => {
  const db = await pingDatabase(orm);
  res.status(db.ok ? 200 : 503).json(healthReport(environment, version, db));
};

/** Routes the gateway answers itself after authentication (it owns users, keys and tenants). */
export const gatewayRoutes = (orm: MikroORM): Router => {
  const router = Router();
  router.get('/users/me', async (_req, res) => {
    const state = locals(res);
    if (!state.principal || !state.apiKeyId) throw new Error('users/me needs an authenticated principal');
    const caller = await describeApiKeyCaller(orm.em.fork(), state.principal, state.apiKeyId);
    res.json({ success: true, data: caller });
  });
  return router;
};
