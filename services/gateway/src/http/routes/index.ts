import { credentialsHandlers } from './credentials.routes.ts';
import { currentUserHandlers } from './current-user.routes.ts';
import type { LocalHandlers, LocalRouteDeps } from './local-route.ts';
import { sessionHandlers } from './session.routes.ts';
import { tenantsHandlers } from './tenants.routes.ts';
import { usersHandlers } from './users.routes.ts';

/**
 * The handlers of every route the gateway answers itself, by operation; app.ts dispatches to them
 * as it does to forwarded routes. An operation claimed twice is a wiring mistake, refused at start.
 */
export const localHandlers = (deps: LocalRouteDeps): LocalHandlers => {
  const merged: LocalHandlers = {};
  for (const handlers of [sessionHandlers, currentUserHandlers, credentialsHandlers, usersHandlers, tenantsHandlers].map((build) => build(deps))) {
    for (const [operation, chain] of Object.entries(handlers) as [keyof LocalHandlers, LocalHandlers[keyof LocalHandlers]][]) {
      if (merged[operation]) throw new Error(`two handler lists for the gateway operation ${operation}`);
      merged[operation] = chain;
    }
  }
  return merged;
};
