import type { MikroORM } from '@mikro-orm/postgresql';
import { GatewayOperation, TenantPartyReply, TenantPlanReply } from '@sv/contracts';
import { ok, type OperationTable } from '@sv/platform';
import { readTenantParty, readTenantPlan } from '../app/tenants/tenants.service.ts';

/**
 * What the gateway answers on `sv.<env>.api.gateway` for other services: identity facts they
 * need now, for the principal the gateway itself forwarded to them. Thin adapters: call one
 * use-case on a forked ORM context and shape the reply (checked against the shared contract).
 */
export const gatewayOperations = (orm: MikroORM): OperationTable => ({
  [GatewayOperation.tenantsPlan]: async (request) =>
    ok(TenantPlanReply.parse(await readTenantPlan(orm.em.fork(), request.principal.tenant_id))),
  [GatewayOperation.tenantsParty]: async (request) =>
    ok(TenantPartyReply.parse(await readTenantParty(orm.em.fork(), request.principal.tenant_id))),
});
