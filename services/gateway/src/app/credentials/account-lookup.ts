import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tenant } from '../../db/entities/tenant.entity.ts';
import { User } from '../../db/entities/user.entity.ts';

/** The live user of a tenant with this email (emails are kept lower-cased), or null. */
export const findUserByEmail = (em: EntityManager, tenant: Tenant, email: string): Promise<User | null> =>
  em.findOne(User, { tenantId: tenant.id, email: email.trim().toLowerCase(), deletedAt: null });

/** Whom a code or reset mail may go to: an active user of an active workspace. */
export const findMailableUser = async (em: EntityManager, tenant: Tenant, email: string): Promise<User | null> => {
  if (tenant.status !== 'active') return null;
  const user = await findUserByEmail(em, tenant, email);
  return user && user.status === 'active' ? user : null;
};

/** Dead rows (used, revoked or expired) of a user are dropped a day after their expiry. */
export const DEAD_ROW_GRACE_MS = 86_400_000;

/** Serialises issuers of codes or tokens for one user (inside their transaction). */
export const lockUser = async (em: EntityManager, userId: string): Promise<void> => {
  await em.execute(`select 1 from "gateway"."app_user" where "id" = ? for update`, [userId]);
};
