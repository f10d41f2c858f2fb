import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { mailSealingKey } from '../mail/mail-sealing.ts';

/** Keys derived once from the gateway's token secret (each environment has its own). */
export interface CredentialKeys {
  /** Keys the digests of codes and reset tokens, so a copy of the tables alone is useless. */
  pepper: Buffer;
  /** Seals queued mail bodies, which carry the codes and tokens. */
  mailKey: Buffer;
}

export const credentialKeys = (tokenSecret: string): CredentialKeys => ({
  pepper: Buffer.from(hkdfSync('sha256', tokenSecret, 'sv-gateway', 'credential-digest-pepper', 32)),
  mailKey: mailSealingKey(tokenSecret),
});

/** HMAC-SHA-256 of a code or token under the pepper; `scope` binds it to its use (and row). */
export const digestCredential = (pepper: Buffer, scope: string, value: string): string =>
  createHmac('sha256', pepper).update(scope).update('\0').update(value, 'utf8').digest('hex');

export const digestsEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
};

/** Six decimal digits from a CSPRNG, leading zeros kept. */
export const newOneTimeCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** 32 random bytes, base64url (43 characters). */
export const newResetToken = (): string => randomBytes(32).toString('base64url');
