import type { MikroORM } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Environment } from '@sv/contracts';
import { pingDatabase } from '@sv/platform';
import { healthReport } from '../app/health/health-report.ts';

/** GET /health: no auth, no rate limit; 503 when the database ping fails. */
export const healthRoute = (orm: MikroORM, environment: Environment, version: string) => async (_req: Request, res: Response) => {
  const db = await pingDatabase(orm);
  res.status(db.ok ? 200 : 503).json(healthReport(environment, version, db));
};
