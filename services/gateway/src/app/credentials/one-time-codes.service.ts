import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OneTimeCode } from '../../db/entities/credentials.entity.ts';
import type { Tenant } from '../../db/entities/tenant.entity.ts';
import { enqueueMail } from '../mail/mail-outbox.ts';
import { DEAD_ROW_GRACE_MS, findMailableUser, findUserByEmail, lockUser } from './account-lookup.ts';
import { verificationCodeMail } from './credential-mails.ts';
import { digestCredential, digestsEqual, newOneTimeCode, type CredentialKeys } from './credential-secrets.ts';
import { InvalidOtpError } from './credentials.errors.ts';

export const OTP_TTL_MINUTES = 10;
/** Tries per code, right or wrong; after five wrong ones the code is dead. */
export const OTP_MAX_ATTEMPTS = 5;
const PURPOSE = 'email_verification';

const codeScope = (codeId: string) => `otp:${codeId}`;

/**
 * Mails a fresh six-digit code to the user (email verification). Any earlier live code of the
 * user is revoked, so only the newest works. An unknown, suspended or deleted account gets no
 * mail and no error: the caller answers the same either way.
 */
export const sendVerificationCode = async (em: EntityManager, keys: CredentialKeys, tenant: Tenant, email: string): Promise<void> => {
  const user = await findMailableUser(em, tenant, email);
  if (!user) return;
  const code = newOneTimeCode();
  const id = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * 60_000);
  await em.transactional(async (tx) => {
    // One issuer per user at a time, so that exactly one code or token is live afterwards.
    await lockUser(tx, user.id);
    await tx.execute(
      `update "gateway"."one_time_code" set "revoked_at" = ?
        where "user_id" = ? and "purpose" = ? and "used_at" is null and "revoked_at" is null`,
      [now, user.id, PURPOSE],
    );
    await tx.execute(`delete from "gateway"."one_time_code" where "user_id" = ? and "expires_at" < ?`, [
      user.id,
      new Date(now.getTime() - DEAD_ROW_GRACE_MS),
    ]);
    tx.create(OneTimeCode, {
      id,
      userId: user.id,
      tenantId: tenant.id,
      purpose: PURPOSE,
      codeDigest: digestCredential(keys.pepper, codeScope(id), code),
      attempts: 0,
      createdAt: now,
      expiresAt,
      usedAt: null,
      revokedAt: null,
    });
    enqueueMail(tx, keys.mailKey, {
      tenantId: tenant.id,
      to: user.email,
      ...verificationCodeMail(code, OTP_TTL_MINUTES),
      discardAfter: expiresAt,
    });
  });
};

/**
 * Checks a code and, when right, marks it used and the user's email verified. Every try is
 * counted first (atomically, so parallel guesses cannot exceed the allowance); a code with its
 * tries spent, used, revoked or expired is refused like a wrong one.
 */
export const verifyEmailCode = async (
  em: EntityManager,
  keys: CredentialKeys,
  tenant: Tenant,
  input: { email: string; code: string },
): Promise<void> => {
  const user = await findUserByEmail(em, tenant, input.email);
  if (!user) throw new InvalidOtpError();
  const now = new Date();
  const [claimed] = await em.execute<{ id: string; code_digest: string }[]>(
    `update "gateway"."one_time_code" set "attempts" = "attempts" + 1
      where "id" = (select "id" from "gateway"."one_time_code"
                     where "user_id" = ? and "purpose" = ? and "used_at" is null and "revoked_at" is null
                     order by "created_at" desc limit 1)
        and "used_at" is null and "revoked_at" is null and "expires_at" > ? and "attempts" < ?
      returning "id", "code_digest"`,
    [user.id, PURPOSE, now, OTP_MAX_ATTEMPTS],
  );
  if (!claimed || !digestsEqual(claimed.code_digest, digestCredential(keys.pepper, codeScope(claimed.id), input.code))) {
    throw new InvalidOtpError();
  }
  const verified = await em.execute<{ id: string }[]>(
    `with "used" as (
       update "gateway"."one_time_code" set "used_at" = ? where "id" = ? and "used_at" is null and "revoked_at" is null
       returning "user_id")
     update "gateway"."app_user" u set "email_verified_at" = coalesce(u."email_verified_at", ?), "updated_at" = ?
       from "used" where u."id" = "used"."user_id" and u."deleted_at" is null
     returning u."id"`,
    [now, claimed.id, now, now],
  );
  if (verified.length === 0) throw new InvalidOtpError();
};
