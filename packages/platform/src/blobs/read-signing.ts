import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveSealingKey } from '../crypto/sealing.ts';

/*
 * Signed read URLs of the local store: `<cdn>/<key>?expires=<unix seconds>&signature=<hex>`, an
 * HMAC-SHA256 of the key and expiry under a key derived for this purpose alone, so a signature
 * made for an upload (or anything else signed with the same secret) never reads a file.
 */

const READ_PURPOSE = 'sv/blob-read-url/v1';

export type LocalReadCheck = { ok: true; expires: number } | { ok: false; reason: 'invalid_signature' | 'expired' };

/** The signing key for read URLs, derived once per store from its configured secret. */
export const readSigningKey = (secret: string): Buffer => deriveSealingKey(secret, READ_PURPOSE);

const signatureOf = (signingKey: Buffer, key: string, expires: number): Buffer =>
  createHmac('sha256', signingKey).update(['GET', key, expires].join('\n')).digest();

export const localReadUrl = (cdnUrl: string, signingKey: Buffer, key: string, expires: number): string => {
  const query = new URLSearchParams({ expires: String(expires), signature: signatureOf(signingKey, key, expires).toString('hex') });
  return `${cdnUrl.replace(/\/$/, '')}/${key}?${query.toString()}`;
};

const WHOLE_NUMBER = /^\d{1,15}$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** Whether `query` signs a read of `key` with this key, checked in constant time, still valid at `nowSeconds`. */
export const verifyLocalRead = (signingKey: Buffer, key: string, query: URLSearchParams, nowSeconds = Math.floor(Date.now() / 1000)): LocalReadCheck => {
  const expires = query.get('expires') ?? '';
  const signature = query.get('signature') ?? '';
  if (!WHOLE_NUMBER.test(expires) || !HEX_SHA256.test(signature)) return { ok: false, reason: 'invalid_signature' };
  if (!timingSafeEqual(signatureOf(signingKey, key, Number(expires)), Buffer.from(signature, 'hex'))) return { ok: false, reason: 'invalid_signature' };
  if (Number(expires) <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, expires: Number(expires) };
};
