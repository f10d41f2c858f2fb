import type { NextFunction, Request, Response } from 'express';
import { nameHttpRoute } from '@sv/platform';
import { locals } from '../locals.ts';
import { matchRoute } from '../route-matcher.ts';

/** Finds the request's route once; every later step (auth, rate limit, dispatch) reads it. */
export const resolveRoute = (req: Request, res: Response, next: NextFunction): void => {
  const route = matchRoute(req.method, req.path);
  locals(res).route = route;
  if (route) nameHttpRoute(res, route.definition.path);
  next();
};
