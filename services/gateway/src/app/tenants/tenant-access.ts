import type { Principal } from '@sv/contracts';
import { assertCan, ForbiddenError } from '@sv/platform';

/**
 * Who may act on the tenant hierarchy, from the platform's one permission table
 * (`tenants.manage_clients`: clients, the domain, white-label assets; `tenants.login_as`).
 */
export const assertTenantAdmin = (principal: Principal): void => assertCan(principal, 'tenants.manage_clients');

/**
 * Login-as re-scopes a person's own identity, so it needs a signed-in user: an API key has no
 * person behind it (and keys are issued per workspace by the operator) and is always 403.
 */
export const assertMayLoginAs = (principal: Principal, userId: string | undefined): string => {
  if (!userId || principal.actor.type !== 'user') throw new ForbiddenError();
  assertCan(principal, 'tenants.login_as');
  return userId;
};
