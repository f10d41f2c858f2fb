import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/user.entity.ts';
import { InvalidTokenError } from '../auth/auth.errors.ts';
import { hashPassword, verifyPassword } from '../users/password.ts';
import { CurrentPasswordIncorrectError } from './credentials.errors.ts';

/**
 * Changes the signed-in user's password after checking the current one. Every other session of
 * the user is revoked (the one making the change stays signed in), and so are pending reset tokens.
 */
export const changePassword = async (
  em: EntityManager,
  input: { userId: string; sessionFamilyId: string; currentPassword: string; newPassword: string },
): Promise<void> => {
  const user = await em.findOne(User, { id: input.userId, deletedAt: null });
  if (!user) throw new InvalidTokenError();
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw new CurrentPasswordIncorrectError();
  const passwordHash = await hashPassword(input.newPassword);
  await em.transactional(async (tx) => {
    const now = new Date();
    await tx.execute(`update "gateway"."app_user" set "password_hash" = ?, "updated_at" = ? where "id" = ?`, [passwordHash, now, user.id]);
    await tx.execute(
      `update "gateway"."session" set "revoked_at" = now() where "user_id" = ? and "family_id" <> ? and "revoked_at" is null`,
      [user.id, input.sessionFamilyId],
    );
    await tx.execute(
      `update "gateway"."password_reset_token" set "revoked_at" = ? where "user_id" = ? and "used_at" is null and "revoked_at" is null`,
      [now, user.id],
    );
  });
};
