import { randomUUID } from 'node:crypto';
import { SealedSecretError, generateSecret, openSecret, sealSecret, secretPrefixOf } from '../src/app/subscriptions/secret-sealing.ts';

const KEY = 'a-test-key-that-is-at-least-32-characters-long';

describe('signing secrets', () => {
  it('are svwhsec_ and 32 random bytes in base64url, never repeated', () => {
    const a = generateSecret();
    const b = generateSecret();
    expect(a).toMatch(/^svwhsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice('svwhsec_'.length), 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(secretPrefixOf(a)).toBe(a.slice(0, 12));
    expect(secretPrefixOf(a)).toMatch(/^svwhsec_/);
  });

  it('open to the same secret after sealing, and the sealed form does not contain it', () => {
    const id = randomUUID();
    const secret = generateSecret();
    const sealed = sealSecret(KEY, id, secret);
    expect(sealed).not.toContain(secret.slice('svwhsec_'.length));
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(openSecret(KEY, id, sealed)).toBe(secret);
    // A fresh IV each time: sealing twice never gives the same text.
    expect(sealSecret(KEY, id, secret)).not.toBe(sealed);
  });

  it('refuse to open when altered, under another key, or on another subscription', () => {
    const id = randomUUID();
    const sealed = sealSecret(KEY, id, generateSecret());
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[3] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 0x01;
    const tampered = [parts[0], parts[1], parts[2], ciphertext.toString('base64url')].join('.');
    expect(() => openSecret(KEY, id, tampered)).toThrow(SealedSecretError);
    expect(() => openSecret(`${KEY}-other`, id, sealed)).toThrow(SealedSecretError);
    expect(() => openSecret(KEY, randomUUID(), sealed)).toThrow(SealedSecretError);
    expect(() => openSecret(KEY, id, 'not-a-sealed-secret')).toThrow(SealedSecretError);
  });
});
