import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PasswordResetToken } from '../../db/entities/credentials.entity.ts';
import type { Tenant } from '../../db/entities/tenant.entity.ts';
import { enqueueMail } from '../mail/mail-outbox.ts';
import { revokeAllSessionsOfUser } from '../sessions/sessions.service.ts';
import { hashPassword } from '../users/password.ts';
import { DEAD_ROW_GRACE_MS, findMailableUser, lockUser } from './account-lookup.ts';
import { passwordResetMail } from './credential-mails.ts';
import { digestCredential, newResetToken, type CredentialKeys } from './credential-secrets.ts';
import { InvalidResetTokenError } from './credentials.errors.ts';

export const RESET_TTL_HOURS = 24;
const RESET_SCOPE = 'password-reset';

/**
 * Mails a reset token (24 hours, single use) to the user; earlier live tokens of the user are
 * revoked. An unknown, suspended or deleted account gets no mail and no error.
 */
export const requestPasswordReset = async (em: EntityManager, keys: CredentialKeys, tenant: Tenant, email: string): Promise<void> => {
  const user = await findMailableUser(em, tenant, email);
  if (!user) return;
  const token = newResetToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + RESET_TTL_HOURS * 3_600_000);
  await em.transactional(async (tx) => {
    // One issuer per user at a time, so that exactly one code or token is live afterwards.
    await lockUser(tx, user.id);
    await tx.execute(
      `update "gateway"."password_reset_token" set "revoked_at" = ? where "user_id" = ? and "used_at" is null and "revoked_at" is null`,
      [now, user.id],
    );
    await tx.execute(`delete from "gateway"."password_reset_token" where "user_id" = ? and "expires_at" < ?`, [
      user.id,
      new Date(now.getTime() - DEAD_ROW_GRACE_MS),
    ]);
    tx.create(PasswordResetToken, {
      id: randomUUID(),
      userId: user.id,
      tenantId: tenant.id,
      tokenDigest: digestCredential(keys.pepper, RESET_SCOPE, token),
      createdAt: now,
      expiresAt,
      usedAt: null,
      revokedAt: null,
    });
    enqueueMail(tx, keys.mailKey, {
      tenantId: tenant.id,
      to: user.email,
      ...passwordResetMail(token, RESET_TTL_HOURS),
      discardAfter: expiresAt,
    });
  });
};

/**
 * Sets a new password with a reset token. The token is spent atomically (of two concurrent
 * resets only one wins), and every session of the user is revoked. Receiving the token proves
 * the mailbox, so the email also counts as verified.
 */
export const resetPassword = async (
  em: EntityManager,
  keys: CredentialKeys,
  input: { token: string; password: string },
): Promise<void> => {
  const digest = digestCredential(keys.pepper, RESET_SCOPE, input.token);
  const live = await em.findOne(PasswordResetToken, { tokenDigest: digest, usedAt: null, revokedAt: null, expiresAt: { $gt: new Date() } });
  if (!live) throw new InvalidResetTokenError();
  const passwordHash = await hashPassword(input.password);
  const reset = await em.transactional(async (tx) => {
    const now = new Date();
    const [spent] = await tx.execute<{ user_id: string }[]>(
      `update "gateway"."password_reset_token" set "used_at" = ?
        where "id" = ? and "used_at" is null and "revoked_at" is null and "expires_at" > ? returning "user_id"`,
      [now, live.id, now],
    );
    if (!spent) return false;
    const updated = await tx.execute<{ id: string }[]>(
      `update "gateway"."app_user" set "password_hash" = ?, "email_verified_at" = coalesce("email_verified_at", ?), "updated_at" = ?
        where "id" = ? and "deleted_at" is null returning "id"`,
      [passwordHash, now, now, spent.user_id],
    );
    if (updated.length === 0) return false;
    await tx.execute(
      `update "gateway"."password_reset_token" set "revoked_at" = ? where "user_id" = ? and "used_at" is null and "revoked_at" is null`,
      [now, spent.user_id],
    );
    await revokeAllSessionsOfUser(tx, spent.user_id);
    return true;
  });
  if (!reset) throw new InvalidResetTokenError();
};
