import { Sealer, deriveSealingKey } from '@sv/platform';

/** The key that seals queued mail bodies, derived from the gateway's token secret (salt and purpose fixed: stored bodies depend on them). */
export const mailSealingKey = (tokenSecret: string): Buffer => deriveSealingKey(tokenSecret, 'mail-outbox-body', 'sv-gateway');

/**
 * Queued mails may carry a one-time code or a reset token, and those are never stored in plain
 * text: the body is sealed (AES-256-GCM, see Sealer) until it is sent.
 */
export const sealMailBody = (key: Buffer, text: string): string => new Sealer(key).seal(text);

/** Opens a sealed body; throws SealingError when it was tampered with or sealed under another key. */
export const openMailBody = (key: Buffer, sealed: string): string => new Sealer(key).open(sealed);
