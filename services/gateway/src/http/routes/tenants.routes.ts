import { Router } from 'express';
import type { LocalRoute, LocalRouteDeps } from './local-route.ts';

/** Child tenants, login-as, domain mapping and white-label assets. */
export const TENANT_ROUTES: readonly LocalRoute[] = [];

export const tenantsRouter = (_deps: LocalRouteDeps): Router => Router();
