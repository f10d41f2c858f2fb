import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@sv/contracts';

/**
 * Signing secrets are kept encrypted, not digested: delivery must recover them to sign.
 * AES-256-GCM under a key derived (HKDF-SHA256) from the configured key; the subscription's id
 * is authenticated data, so a sealed secret copied onto another row does not open.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */

const VERSION = 'v1';
const HKDF_INFO = 'sv.webhooks.signing-secret.v1';

const keyOf = (configuredKey: string): Buffer =>
  Buffer.from(hkdfSync('sha256', configuredKey, Buffer.alloc(0), HKDF_INFO, 32));

/** A fresh raw secret: the prefix and 32 random bytes, base64url. */
export const generateSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The public identifier of a secret: its first 12 characters. */
export const secretPrefixOf = (secret: string): string => secret.slice(0, 12);

export const sealSecret = (configuredKey: string, webhookId: string, secret: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(configuredKey), iv);
  cipher.setAAD(Buffer.from(webhookId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
};

export class SealedSecretError extends Error {
  override name = 'SealedSecretError';
}

/** The raw secret back; throws SealedSecretError when the sealed value was altered or the key differs. */
export const openSecret = (configuredKey: string, webhookId: string, sealed: string): string => {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new SealedSecretError('Unrecognised sealed secret.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(configuredKey), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(webhookId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError('The sealed secret does not open with this key.');
  }
};
