import { Router } from 'express';
import type { LocalRoute, LocalRouteDeps } from './local-route.ts';

/** Password change, one-time codes and password reset. */
export const CREDENTIAL_ROUTES: readonly LocalRoute[] = [];

export const credentialsRouter = (_deps: LocalRouteDeps): Router => Router();
