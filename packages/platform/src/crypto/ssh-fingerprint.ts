import { createHash } from 'node:crypto';

/** `SHA256:<base64 without padding>` of an SSH public key blob, as `ssh-keygen -l` prints it. */
export const sshKeyFingerprint = (keyBlob: Buffer): string => `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;

/** The fingerprint of a public key line (`ssh-ed25519 AAAA… comment`). */
export const sshPublicKeyLineFingerprint = (publicKeyLine: string): string =>
  sshKeyFingerprint(Buffer.from(publicKeyLine.trim().split(/\s+/)[1] ?? '', 'base64'));

/**
 * The ssh2 connect option that accepts only the server whose host key has the pinned fingerprint
 * (padding or not); none when nothing is pinned (local development only).
 */
export const pinnedHostKey = (pinned: string | null | undefined): { hostVerifier?: (key: Buffer) => boolean } => {
  const expected = pinned?.replace(/=+$/, '');
  return expected ? { hostVerifier: (key: Buffer) => sshKeyFingerprint(key) === expected } : {};
};
