import { Router } from 'express';
import type { LocalRoute, LocalRouteDeps } from './local-route.ts';

/** The users of the caller's tenant. */
export const USER_ROUTES: readonly LocalRoute[] = [];

export const usersRouter = (_deps: LocalRouteDeps): Router => Router();
