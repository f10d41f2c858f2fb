import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { roleWithin, type CursorMeta, type OffsetMeta, type PaginationQuery, type Principal, type Role } from '@sv/contracts';
import { findPage } from '@sv/platform';
import { User } from '../../db/entities/user.entity.ts';
import { revokeAllSessionsOfUser } from '../sessions/sessions.service.ts';
import { findTenantBySlug } from '../tenants/tenants.service.ts';
import type { ArtistDirectory } from './artist-directory.ts';
import { hashPassword } from './password.ts';
import {
  CannotDeleteSelfError,
  CannotSuspendSelfError,
  DuplicateUserError,
  RoleAboveCallerError,
  UserArtistNotFoundError,
  UserNotFoundError,
} from './users.errors.ts';

export type UserStatus = 'active' | 'suspended';

/** A user as the API shows it. The password hash never leaves the service. */
export interface UserView {
  uuid: string;
  email: string;
  role: string;
  artist_id: string | null;
  status: string;
  tenant_uuid: string;
  created_at: string;
  updated_at: string;
}

export const presentUser = (user: User): UserView => ({
  uuid: user.id,
  email: user.email,
  role: user.role,
  artist_id: user.artistId ?? null,
  status: user.status,
  tenant_uuid: user.tenantId,
  created_at: user.createdAt.toISOString(),
  updated_at: user.updatedAt.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewUser {
  email: string;
  password: string;
  role: Role;
  artistId?: string | null | undefined;
}

/** Adds a user to a tenant; an email already live in that tenant (any case) is 409. */
const insertUser = async (em: EntityManager, tenantId: string, input: NewUser): Promise<User> => {
  const now = new Date();
  const user = em.create(User, {
    id: randomUUID(),
    tenantId,
    email: input.email.trim().toLowerCase(),
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
    if (error instanceof UniqueConstraintViolationException) throw new DuplicateUserError();
    throw error;
  }
  return user;
};

/** The operator command's `user create`: no caller, so no rank rule. */
export const createUser = async (em: EntityManager, input: NewUser & { tenantSlug: string }): Promise<User> => {
  const tenant = await findTenantBySlug(em, input.tenantSlug);
  return insertUser(em, tenant.id, input);
};

export const setUserSuspended = async (
  em: EntityManager,
  input: { tenantSlug: string; email: string; suspended: boolean },
): Promise<User> => {
  const tenant = await findTenantBySlug(em, input.tenantSlug);
  const user = await em.findOne(User, { tenantId: tenant.id, email: input.email.toLowerCase(), deletedAt: null });
  if (!user) throw new UserNotFoundError();
  user.status = input.suspended ? 'suspended' : 'active';
  user.updatedAt = new Date();
  await em.flush();
  return user;
};

// ---- The users endpoints: always inside the caller's tenant, never above the caller's rank. ----

/** Who is calling: the principal, and the user behind it when it is a signed-in session. */
export interface UserCaller {
  principal: Principal;
  userId: string | undefined;
}

/** A live user of the tenant; anything else (another tenant, deleted, not a UUID) is 404. */
export const findTenantUser = async (em: EntityManager, tenantId: string, userId: string): Promise<User> => {
  if (!UUID.test(userId)) throw new UserNotFoundError();
  const user = await em.findOne(User, { id: userId, tenantId, deletedAt: null });
  if (!user) throw new UserNotFoundError();
  return user;
};

const assertWithinRank = (caller: UserCaller, role: string): void => {
  if (!roleWithin(role as Role, caller.principal.role)) throw new RoleAboveCallerError();
};

/** A user may only be tied to an artist of the caller's own tenant (404 `Artist not found.` otherwise). */
const assertTenantArtist = async (artists: ArtistDirectory, caller: UserCaller, artistId: string | null | undefined): Promise<void> => {
  if (!artistId) return;
  if (!(await artists.isTenantArtist(caller.principal, artistId))) throw new UserArtistNotFoundError();
};

export interface UserPage {
  users: User[];
  meta: OffsetMeta | CursorMeta;
}

/** A tenant's live users ordered by email (then uuid), in offset or cursor mode. */
export const listTenantUsers = async (em: EntityManager, tenantId: string, query: PaginationQuery): Promise<UserPage> => {
  const page = await findPage(em, User, { tenantId, deletedAt: null }, {
    query,
    order: [
      { property: 'email', direction: 'asc', type: 'text' },
      { property: 'id', direction: 'asc', type: 'uuid' },
    ],
  });
  return { users: page.rows, meta: page.meta };
};

/** POST /users: a new user of the caller's tenant, with a role no higher than the caller's and an artist of that tenant. */
export const createTenantUser = async (em: EntityManager, artists: ArtistDirectory, caller: UserCaller, input: NewUser): Promise<User> => {
  assertWithinRank(caller, input.role);
  await assertTenantArtist(artists, caller, input.artistId);
  return insertUser(em, caller.principal.tenant_id, input);
};

export interface UserChanges {
  role?: Role | undefined;
  artistId?: string | null | undefined;
  status?: UserStatus | undefined;
}

/**
 * PATCH /users/{uuid}: only the fields sent change. The caller may neither act on a user ranked
 * above it nor grant a role above its own, nor suspend itself, nor name another tenant's artist.
 */
export const updateTenantUser = async (
  em: EntityManager,
  artists: ArtistDirectory,
  caller: UserCaller,
  userId: string,
  changes: UserChanges,
): Promise<User> => {
  const user = await findTenantUser(em, caller.principal.tenant_id, userId);
  assertWithinRank(caller, user.role);
  if (changes.role !== undefined) {
    assertWithinRank(caller, changes.role);
    user.role = changes.role;
  }
  if (changes.artistId !== undefined && changes.artistId !== user.artistId) await assertTenantArtist(artists, caller, changes.artistId);
  if (changes.artistId !== undefined) user.artistId = changes.artistId;
  if (changes.status !== undefined) {
    if (changes.status === 'suspended' && user.id === caller.userId) throw new CannotSuspendSelfError();
    user.status = changes.status;
  }
  user.updatedAt = new Date();
  await em.flush();
  return user;
};

/**
 * DELETE /users/{uuid}: soft delete, and every session of the user ends at once (its access
 * tokens are refused from the next request: their user no longer resolves).
 */
export const deleteTenantUser = async (em: EntityManager, caller: UserCaller, userId: string): Promise<void> => {
  await em.transactional(async (tx) => {
    const user = await findTenantUser(tx, caller.principal.tenant_id, userId);
    if (user.id === caller.userId) throw new CannotDeleteSelfError();
    assertWithinRank(caller, user.role);
    const now = new Date();
    user.deletedAt = now;
    user.updatedAt = now;
    await tx.flush();
    await revokeAllSessionsOfUser(tx, user.id);
  });
};
