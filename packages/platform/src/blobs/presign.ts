import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BlobVisibility } from './visibility.ts';

export interface PresignPutOptions {
  tenantId: string;
  /** Appended to the new key, e.g. `.jpg`. */
  extension: string;
  /** The type the client must send the file as. */
  contentType: string;
  /** The largest file the upload may carry (enforced where the store can; see each store). */
  maxBytes: number;
  expiresInSeconds: number;
  /** Unset: images are public, anything else private (visibilityFor). */
  visibility?: BlobVisibility;
}

/** Where and how a client uploads one file itself, and where the file will then be served. */
export interface PresignedUpload {
  uploadUrl: string;
  method: 'PUT';
  /** Headers the client must send with the PUT (the bound Content-Type). */
  headers: Record<string, string>;
  /** A new key (newBlobKey); nothing is stored there until the client's PUT succeeds. */
  key: string;
  /** The CDN address the file will have (it reads a private file only once signed: readUrl). */
  url: string;
  /** ISO 8601; the upload URL is refused after this instant. */
  expiresAt: string;
}

/** The local CDN's path for signed uploads: `PUT <cdn>/_uploads/<key>?…`. */
export const LOCAL_UPLOAD_PATH = '/_uploads';

/** What a local upload URL allows: one PUT of at most `maxBytes` of `contentType` at `key`, until `expires`. */
export interface LocalUploadGrant {
  key: string;
  /** Unix seconds. */
  expires: number;
  maxBytes: number;
  contentType: string;
}

export type LocalUploadCheck = { ok: true; grant: LocalUploadGrant } | { ok: false; reason: 'invalid_signature' | 'expired' };

const signatureOf = (secret: string, grant: LocalUploadGrant): Buffer =>
  createHmac('sha256', secret).update(['PUT', grant.key, grant.expires, grant.maxBytes, grant.contentType].join('\n')).digest();

/** `<cdnUrl>/_uploads/<key>?expires=…&max=…&type=…&signature=<hex HMAC-SHA256>`. */
export const localUploadUrl = (cdnUrl: string, secret: string, grant: LocalUploadGrant): string => {
  const query = new URLSearchParams({
    expires: String(grant.expires),
    max: String(grant.maxBytes),
    type: grant.contentType,
    signature: signatureOf(secret, grant).toString('hex'),
  });
  return `${cdnUrl.replace(/\/$/, '')}${LOCAL_UPLOAD_PATH}/${grant.key}?${query.toString()}`;
};

const WHOLE_NUMBER = /^\d{1,15}$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Whether the query of a PUT to `key` is a signature of ours, checked in constant time, and still
 * valid at `nowSeconds`. Any tampered part (key, expiry, size, type) fails the signature.
 */
export const verifyLocalUpload = (secret: string, key: string, query: URLSearchParams, nowSeconds = Math.floor(Date.now() / 1000)): LocalUploadCheck => {
  const expires = query.get('expires') ?? '';
  const max = query.get('max') ?? '';
  const contentType = query.get('type') ?? '';
  const signature = query.get('signature') ?? '';
  if (!WHOLE_NUMBER.test(expires) || !WHOLE_NUMBER.test(max) || contentType === '' || !HEX_SHA256.test(signature)) {
    return { ok: false, reason: 'invalid_signature' };
  }
  const grant: LocalUploadGrant = { key, expires: Number(expires), maxBytes: Number(max), contentType };
  if (!timingSafeEqual(signatureOf(secret, grant), Buffer.from(signature, 'hex'))) return { ok: false, reason: 'invalid_signature' };
  if (grant.expires <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
};
