import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';

/** The key that seals queued mail bodies, derived from the gateway's token secret. */
export const mailSealingKey = (tokenSecret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', tokenSecret, 'sv-gateway', 'mail-outbox-body', 32));

/**
 * Queued mails may carry a one-time code or a reset token, and those are never stored in plain
 * text: the body is sealed with AES-256-GCM (random nonce, authenticated) until it is sent.
 */
export const sealMailBody = (key: Buffer, text: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
};

/** Opens a sealed body; throws when it was tampered with or sealed under another key. */
export const openMailBody = (key: Buffer, sealed: string): string => {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('unrecognised sealed mail body');
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
};
