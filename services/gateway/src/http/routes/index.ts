import { Router } from 'express';
import { credentialsRouter, CREDENTIAL_ROUTES } from './credentials.routes.ts';
import { currentUserRouter, CURRENT_USER_ROUTES } from './current-user.routes.ts';
import type { LocalRoute, LocalRouteDeps } from './local-route.ts';
import { sessionRouter, SESSION_ROUTES } from './session.routes.ts';
import { tenantsRouter, TENANT_ROUTES } from './tenants.routes.ts';
import { usersRouter, USER_ROUTES } from './users.routes.ts';

/** Every path the gateway answers itself, for the route matcher. */
export const LOCAL_ROUTES: readonly LocalRoute[] = [
  ...SESSION_ROUTES,
  ...CURRENT_USER_ROUTES,
  ...CREDENTIAL_ROUTES,
  ...USER_ROUTES,
  ...TENANT_ROUTES,
];

/** The gateway's own routers, mounted after authentication (anonymous routes skip it). */
export const localRouters = (deps: LocalRouteDeps): Router => {
  const router = Router();
  router.use(sessionRouter(deps));
  router.use(currentUserRouter(deps));
  router.use(credentialsRouter(deps));
  router.use(usersRouter(deps));
  router.use(tenantsRouter(deps));
  return router;
};
