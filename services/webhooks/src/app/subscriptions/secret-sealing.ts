import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@sv/contracts';
import { Sealer } from '@sv/platform';

/**
 * Signing secrets are kept encrypted, not digested: delivery must recover them to sign.
 * Sealed under a key derived from the configured key; the subscription's id is authenticated
 * data, so a sealed secret copied onto another row does not open. The purpose is fixed: stored
 * secrets were sealed under the key it derives.
 */
const HKDF_INFO = 'sv.webhooks.signing-secret.v1';

const sealerOf = (configuredKey: string): Sealer => Sealer.fromSecret(configuredKey, HKDF_INFO);

/** A fresh raw secret: the prefix and 32 random bytes, base64url. */
export const generateSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The public identifier of a secret: its first 12 characters. */
export const secretPrefixOf = (secret: string): string => secret.slice(0, 12);

export const sealSecret = (configuredKey: string, webhookId: string, secret: string): string => sealerOf(configuredKey).seal(secret, webhookId);

export { SealingError as SealedSecretError } from '@sv/platform';

/** The raw secret back; throws SealedSecretError when the sealed value was altered or the key differs. */
export const openSecret = (configuredKey: string, webhookId: string, sealed: string): string => sealerOf(configuredKey).open(sealed, webhookId);
