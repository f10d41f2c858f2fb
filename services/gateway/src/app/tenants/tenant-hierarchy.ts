import type { EntityManager } from '@mikro-orm/postgresql';
import type { CursorMeta, OffsetMeta, PaginationQuery } from '@sv/contracts';
import { findPage } from '@sv/platform';
import { Tenant } from '../../db/entities/tenant.entity.ts';
import { NotDescendantError, TenantNotFoundError } from './tenants.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Deeper than any real hierarchy; stops the walk should a cycle ever exist. */
const MAX_DEPTH = 64;

/**
 * True when `targetId` is below `ancestorId` (child, grandchild, …), walking up from the
 * target through live tenants only: a deleted tenant in between cuts its subtree off.
 */
export const isDescendant = async (em: EntityManager, ancestorId: string, targetId: string): Promise<boolean> => {
  const [row] = await em.execute<{ descendant: boolean }[]>(
    `with recursive "ancestors" ("id", "parent_id", "depth") as (
       select t."id", t."parent_id", 0 from "gateway"."tenant" t where t."id" = ? and t."deleted_at" is null
       union
       select t."id", t."parent_id", a."depth" + 1
         from "gateway"."tenant" t
         join "ancestors" a on t."id" = a."parent_id"
        where t."deleted_at" is null and a."depth" < ?
     )
     select exists (select 1 from "ancestors" where "id" = ? and "depth" > 0) as "descendant"`,
    [targetId, MAX_DEPTH, ancestorId],
  );
  return row?.descendant === true;
};

/** A live tenant by id; a malformed id is as unknown as a missing one (404 `Tenant not found.`). */
export const findLiveTenant = async (em: EntityManager, id: string): Promise<Tenant> => {
  if (!UUID.test(id)) throw new TenantNotFoundError();
  const tenant = await em.findOne(Tenant, { id: id.toLowerCase(), deletedAt: null });
  if (!tenant) throw new TenantNotFoundError();
  return tenant;
};

/**
 * A client of the caller's tenant at any depth. Reading is scoped like any other resource: a
 * tenant outside the caller's subtree is 404, never 403, so its existence is not disclosed.
 */
export const findClient = async (em: EntityManager, callerTenantId: string, id: string): Promise<Tenant> => {
  const tenant = await findLiveTenant(em, id);
  if (!(await isDescendant(em, callerTenantId, tenant.id))) throw new TenantNotFoundError();
  return tenant;
};

/**
 * The target of a login-as: unknown is 404, known but outside the caller's subtree (a sibling,
 * the parent, the caller's own tenant) is the spec's 403 `Not a descendant of your tenant.`.
 */
export const findLoginAsTarget = async (em: EntityManager, callerTenantId: string, id: string): Promise<Tenant> => {
  const tenant = await findLiveTenant(em, id);
  if (!(await isDescendant(em, callerTenantId, tenant.id))) throw new NotDescendantError();
  return tenant;
};

export interface ClientsPage {
  clients: Tenant[];
  meta: OffsetMeta | CursorMeta;
}

/** The direct children of a tenant, ordered by slug (unique among live tenants), in either list mode. */
export const listClients = async (em: EntityManager, parentId: string, query: PaginationQuery): Promise<ClientsPage> => {
  const page = await findPage(em, Tenant, { parentId, deletedAt: null }, {
    query,
    order: [{ property: 'slug', direction: 'asc', type: 'text' }],
  });
  return { clients: page.rows, meta: page.meta };
};
