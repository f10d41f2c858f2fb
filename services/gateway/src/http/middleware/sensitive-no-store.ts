import type { NextFunction, Request, Response } from 'express';
import { locals } from '../locals.ts';

/**
 * `Cache-Control: no-store` on every answer of a route the registry marks sensitive (tokens,
 * signing secrets, signed upload URLs, one-time codes): no browser or intermediary cache may keep
 * it. Runs once the route is found, so errors of those routes carry it too.
 */
export const noStoreWhenSensitive = (_req: Request, res: Response, next: NextFunction): void => {
  if (locals(res).route?.definition.sensitive) res.set('Cache-Control', 'no-store');
  next();
};
