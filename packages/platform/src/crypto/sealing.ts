import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Secrets the platform must recover later (webhook signing secrets, queued mail bodies, stored
 * responses) are sealed with AES-256-GCM: a random 96-bit nonce per seal and a 128-bit tag, so
 * a sealed value that was altered, or that is opened under another key or other associated
 * data, is refused rather than decrypted to garbage.
 *
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. Every value sealed by the
 * platform before this helper existed has this form, so they all still open.
 */

const ALGORITHM = 'aes-256-gcm';
const FORMAT_VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that is malformed, was altered, or does not open under this key and data. */
export class SealingError extends Error {
  override name = 'SealingError';
}

/**
 * The 32-byte key for one use of a configured secret: HKDF-SHA256 with the purpose as its info,
 * so one secret yields unrelated keys for unrelated uses. Salt and purpose are part of the key:
 * changing either makes everything sealed before unreadable.
 */
export const deriveSealingKey = (secret: string | Buffer, purpose: string, salt: string | Buffer = Buffer.alloc(0)): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, salt, purpose, KEY_BYTES));

const asBytes = (data: string | Buffer): Buffer => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);

/** Seals and opens text under one key; associated data binds a sealed value to its context (a row id). */
export class Sealer {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new RangeError(`A sealing key has ${KEY_BYTES} bytes, not ${key.length}.`);
    this.#key = key;
  }

  static fromSecret(secret: string | Buffer, purpose: string, salt?: string | Buffer): Sealer {
    return new Sealer(deriveSealingKey(secret, purpose, salt));
  }

  seal(text: string, associatedData?: string | Buffer): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.#key, iv, { authTagLength: TAG_BYTES });
    if (associatedData !== undefined) cipher.setAAD(asBytes(associatedData));
    const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [FORMAT_VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The text back; throws SealingError when the value is malformed, altered, or sealed under another key or data. */
  open(sealed: string, associatedData?: string | Buffer): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== FORMAT_VERSION) throw new SealingError('Unrecognised sealed value.');
    const iv = Buffer.from(parts[1] ?? '', 'base64url');
    const tag = Buffer.from(parts[2] ?? '', 'base64url');
    // A short tag would be accepted by GCM and weakens its authentication: only the full length opens.
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SealingError('Unrecognised sealed value.');
    try {
      const decipher = createDecipheriv(ALGORITHM, this.#key, iv, { authTagLength: TAG_BYTES });
      if (associatedData !== undefined) decipher.setAAD(asBytes(associatedData));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(parts[3] ?? '', 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SealingError('The sealed value does not open with this key.');
    }
  }
}
