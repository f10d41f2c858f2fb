import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@sv/contracts';
import { Session } from '../../db/entities/session.entity.ts';
import { Tenant } from '../../db/entities/tenant.entity.ts';
import { User } from '../../db/entities/user.entity.ts';
import { InvalidTokenError } from '../auth/auth.errors.ts';
import { countInWindow, currentRateWindow, rateLimitExceeded, uncountInWindow } from '../rate-limit/rate-limiter.ts';
import { hashPassword, verifyPassword } from '../users/password.ts';
import { issueAccessToken, type AccessTokenSettings, type IssuedAccessToken } from './access-token.ts';
import { digestRefreshToken, newRefreshToken } from './refresh-token.ts';
import { AccountSuspendedError, InvalidCredentialsError, WorkspaceSuspendedError } from './sessions.errors.ts';

export interface SessionSettings extends AccessTokenSettings {
  refreshTtlDays: number;
}

export interface IssuedSession {
  access: IssuedAccessToken;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Seconds after a rotation during which presenting the old token again is not treated as reuse. */
export const CONCURRENT_REFRESH_GRACE_SECONDS = 2;

/** Failed logins tolerated per account in one minute; the next attempt is 429. */
export const FAILED_LOGINS_PER_MINUTE = 5;

/** A hash to verify against when the user does not exist, so both paths take as long. */
let decoyHash: Promise<string> | undefined;

const failureBucket = (tenantId: string, email: string) => `login_failures:${tenantId}:${email}`;

const startSession = async (
  em: EntityManager,
  settings: SessionSettings,
  user: User,
  tenantId: string,
  familyId: string,
): Promise<IssuedSession> => {
  const refresh = newRefreshToken();
  const now = new Date();
  const refreshExpiresAt = new Date(now.getTime() + settings.refreshTtlDays * 86_400_000);
  em.create(Session, {
    id: randomUUID(),
    familyId,
    userId: user.id,
    tenantId,
    tokenDigest: refresh.digest,
    createdAt: now,
    expiresAt: refreshExpiresAt,
    rotatedAt: null,
    revokedAt: null,
  });
  await em.flush();
  const access = issueAccessToken(settings, { userId: user.id, tenantId, role: user.role as Role, sessionFamilyId: familyId });
  return { access, refreshToken: refresh.raw, refreshExpiresAt };
};

const assertActive = (user: User, tenant: Tenant) => {
  if (user.status === 'suspended') throw new AccountSuspendedError();
  if (tenant.status === 'suspended') throw new WorkspaceSuspendedError();
};

/**
 * Signs a user in to a tenant. Wrong email and wrong password are the same 401; five failures
 * for one account within a minute make the next attempt 429 whatever the password.
 */
export const login = async (
  em: EntityManager,
  settings: SessionSettings,
  tenant: Tenant,
  credentials: { email: string; password: string },
): Promise<IssuedSession> => {
  const email = credentials.email.trim().toLowerCase();
  const bucket = failureBucket(tenant.id, email);
  const window = currentRateWindow();
  // Every attempt reserves a failure slot atomically before its password is evaluated, so
  // parallel guesses cannot all pass a check made before any of them was counted.
  if ((await countInWindow(em, bucket, window)) > FAILED_LOGINS_PER_MINUTE) throw rateLimitExceeded(FAILED_LOGINS_PER_MINUTE, window);
  const user = await em.findOne(User, { tenantId: tenant.id, email, deletedAt: null });
  decoyHash ??= hashPassword(randomUUID());
  const matches = await verifyPassword(credentials.password, user?.passwordHash ?? (await decoyHash));
  if (!user || !matches) throw new InvalidCredentialsError();
  // Only failures count: the right password gives its slot back (suspended accounts included,
  // as before: their 403 is not a failed guess).
  await uncountInWindow(em, bucket, window);
  assertActive(user, tenant);
  return startSession(em, settings, user, tenant.id, randomUUID());
};

/**
 * Trades a refresh token for a new pair. The old token is retired atomically, so of two
 * concurrent refreshes only one wins; a retired token presented again revokes its whole family.
 */
export const refreshSession = async (em: EntityManager, settings: SessionSettings, rawToken: string): Promise<IssuedSession> => {
  const session = await em.findOne(Session, { tokenDigest: digestRefreshToken(rawToken) });
  if (!session) throw new InvalidTokenError();
  // Suspension is checked before the token is spent, so an unsuspended user can still refresh.
  const user = await em.findOne(User, { id: session.userId, deletedAt: null });
  const tenant = await em.findOne(Tenant, { id: session.tenantId, deletedAt: null });
  if (!user || !tenant) throw new InvalidTokenError();
  assertActive(user, tenant);
  const retired = await em.execute<{ id: string }[]>(
    `update "gateway"."session" set "rotated_at" = now()
      where "id" = ? and "rotated_at" is null and "revoked_at" is null and "expires_at" > now() returning "id"`,
    [session.id],
  );
  if (retired.length === 0) {
    const [state] = await em.execute<{ reused: boolean }[]>(
      `select "rotated_at" < now() - make_interval(secs => ?) as "reused" from "gateway"."session" where "id" = ?`,
      [CONCURRENT_REFRESH_GRACE_SECONDS, session.id],
    );
    // A token rotated moments ago is a second tab refreshing at the same time: refuse it, but
    // only a replay after the grace period is treated as theft and revokes the family.
    if (state?.reused) await revokeFamily(em, session.familyId);
    throw new InvalidTokenError();
  }
  return startSession(em, settings, user, session.tenantId, session.familyId);
};

export const revokeFamily = async (em: EntityManager, familyId: string): Promise<void> => {
  await em.execute(`update "gateway"."session" set "revoked_at" = now() where "family_id" = ? and "revoked_at" is null`, [familyId]);
};

export const revokeAllSessionsOfUser = async (em: EntityManager, userId: string): Promise<void> => {
  await em.execute(`update "gateway"."session" set "revoked_at" = now() where "user_id" = ? and "revoked_at" is null`, [userId]);
};
