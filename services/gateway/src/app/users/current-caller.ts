import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { findApiKey, presentApiKey, type ApiKeyView } from '../api-keys/api-keys.service.ts';
import { findTenantById, presentTenant, type TenantView } from '../tenants/tenants.service.ts';

export interface CurrentCaller {
  type: 'api_key';
  role: string;
  workspace: TenantView;
  api_key: ApiKeyView;
}

/** GET /users/me for an API key: the workspace the key belongs to and the key itself. */
export const describeApiKeyCaller = async (
  em: EntityManager,
  principal: Principal,
  apiKeyId: string,
): Promise<CurrentCaller> => {
  const [tenant, key] = await Promise.all([findTenantById(em, principal.tenant_id), findApiKey(em, apiKeyId)]);
  return { type: 'api_key', role: principal.role, workspace: presentTenant(tenant), api_key: presentApiKey(key) };
};
