import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { findApiKey, presentApiKey, type ApiKeyView } from '../api-keys/api-keys.service.ts';
import { findTenantById, presentTenant, type TenantView } from '../tenants/tenants.service.ts';
import { User } from '../../db/entities/user.entity.ts';
import { presentUser, type UserView } from './users.service.ts';

export type CurrentCaller =
  | { type: 'api_key'; role: string; workspace: TenantView; api_key: ApiKeyView }
  | { type: 'user'; role: string; workspace: TenantView; user: UserView };

/** GET /users/me for an API key: the workspace the key belongs to and the key itself. */
export const describeApiKeyCaller = async (
  em: EntityManager,
  principal: Principal,
  apiKeyId: string,
): Promise<CurrentCaller> => {
  const [tenant, key] = await Promise.all([findTenantById(em, principal.tenant_id), findApiKey(em, apiKeyId)]);
  return { type: 'api_key', role: principal.role, workspace: presentTenant(tenant), api_key: presentApiKey(key) };
};

/** GET /users/me for a signed-in user: the user and the workspace the session acts in. */
export const describeUserCaller = async (em: EntityManager, principal: Principal, userId: string): Promise<CurrentCaller> => {
  const [tenant, user] = await Promise.all([findTenantById(em, principal.tenant_id), em.findOneOrFail(User, { id: userId })]);
  return { type: 'user', role: principal.role, workspace: presentTenant(tenant), user: presentUser(user) };
};
