import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { Messages, type Role } from '@sv/contracts';
import { ConflictError, NotFoundError } from '@sv/platform';
import { User } from '../../db/entities/user.entity.ts';
import { findTenantBySlug } from '../tenants/tenants.service.ts';
import { hashPassword } from './password.ts';

export interface UserView {
  uuid: string;
  email: string;
  role: string;
  artist_id: string | null;
  status: string;
  tenant_uuid: string;
}

export const presentUser = (user: User): UserView => ({
  uuid: user.id,
  email: user.email,
  role: user.role,
  artist_id: user.artistId ?? null,
  status: user.status,
  tenant_uuid: user.tenantId,
});

export const createUser = async (
  em: EntityManager,
  input: { tenantSlug: string; email: string; password: string; role: Role; artistId?: string | undefined },
): Promise<User> => {
  const tenant = await findTenantBySlug(em, input.tenantSlug);
  const now = new Date();
  const user = em.create(User, {
    id: randomUUID(),
    tenantId: tenant.id,
    email: input.email.toLowerCase(),
    passwordHash: await hashPassword(input.password),
    role: input.role,
    artistId: input.artistId ?? null,
    status: 'active',
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new ConflictError(Messages.duplicateRecord, 'user.email_taken');
    throw error;
  }
  return user;
};

export const setUserSuspended = async (
  em: EntityManager,
  input: { tenantSlug: string; email: string; suspended: boolean },
): Promise<User> => {
  const tenant = await findTenantBySlug(em, input.tenantSlug);
  const user = await em.findOne(User, { tenantId: tenant.id, email: input.email.toLowerCase(), deletedAt: null });
  if (!user) throw new NotFoundError('User not found.', 'user.not_found');
  user.status = input.suspended ? 'suspended' : 'active';
  user.updatedAt = new Date();
  await em.flush();
  return user;
};
