import { Router } from 'express';
import { credentialsRouter } from './credentials.routes.ts';
import { currentUserRouter } from './current-user.routes.ts';
import type { LocalRouteDeps } from './local-route.ts';
import { sessionRouter } from './session.routes.ts';
import { tenantsRouter } from './tenants.routes.ts';
import { usersRouter } from './users.routes.ts';

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
