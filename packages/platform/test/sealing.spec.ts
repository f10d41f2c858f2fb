import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Sealer, SealingError, deriveSealingKey } from '../src/crypto/sealing.ts';

const SECRET = 'a configured secret of decent length';

/** Flips one bit of one base64url part of a sealed value. */
const flipBit = (sealed: string, partIndex: number): string => {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[partIndex] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[partIndex] = bytes.toString('base64url');
  return parts.join('.');
};

describe('deriveSealingKey', () => {
  it('is HKDF-SHA256 of the secret with the salt and the purpose as info, 32 bytes', () => {
    const expected = Buffer.from(hkdfSync('sha256', SECRET, 'a salt', 'a purpose', 32));
    expect(deriveSealingKey(SECRET, 'a purpose', 'a salt').equals(expected)).toBe(true);
    expect(deriveSealingKey(SECRET, 'a purpose').equals(Buffer.from(hkdfSync('sha256', SECRET, Buffer.alloc(0), 'a purpose', 32)))).toBe(true);
  });

  it('gives unrelated keys for other purposes, salts and secrets', () => {
    const key = deriveSealingKey(SECRET, 'one purpose');
    expect(key).toHaveLength(32);
    expect(deriveSealingKey(SECRET, 'another purpose').equals(key)).toBe(false);
    expect(deriveSealingKey(SECRET, 'one purpose', 'salted').equals(key)).toBe(false);
    expect(deriveSealingKey(`${SECRET}!`, 'one purpose').equals(key)).toBe(false);
  });
});

describe('Sealer', () => {
  const sealer = Sealer.fromSecret(SECRET, 'tests');

  it('opens what it sealed; the sealed form is versioned and never shows the text', () => {
    const text = 'the secret is svwhsec_0123456789 — ünïcode too';
    const sealed = sealer.seal(text);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('svwhsec_0123456789');
    expect(sealer.open(sealed)).toBe(text);
    // A fresh nonce each time.
    expect(sealer.seal(text)).not.toBe(sealed);
    expect(sealer.open(sealer.seal(''))).toBe('');
  });

  it('binds associated data: the same data opens, other or missing data does not', () => {
    const sealed = sealer.seal('bound', 'row-1');
    expect(sealer.open(sealed, 'row-1')).toBe('bound');
    expect(sealer.open(sealed, Buffer.from('row-1'))).toBe('bound');
    expect(() => sealer.open(sealed, 'row-2')).toThrow(SealingError);
    expect(() => sealer.open(sealed)).toThrow(SealingError);
    expect(() => sealer.open(sealer.seal('unbound'), 'row-1')).toThrow(SealingError);
  });

  it('refuses an altered nonce, tag or ciphertext, and another key', () => {
    const sealed = sealer.seal('do not touch');
    for (const part of [1, 2, 3]) expect(() => sealer.open(flipBit(sealed, part))).toThrow(SealingError);
    expect(() => Sealer.fromSecret(SECRET, 'other purpose').open(sealed)).toThrow(SealingError);
    expect(() => Sealer.fromSecret('another secret entirely', 'tests').open(sealed)).toThrow(SealingError);
  });

  it('refuses malformed values, unknown versions and shortened tags', () => {
    const sealed = sealer.seal('shape');
    const [, iv, tag, data] = sealed.split('.');
    for (const malformed of ['', 'garbage', 'v1.a.b', `v2.${iv}.${tag}.${data}`, `${sealed}.extra`, `v1.${iv}.${tag?.slice(0, 11)}.${data}`]) {
      expect(() => sealer.open(malformed)).toThrow(SealingError);
    }
  });

  it('opens values sealed the way the platform sealed before this helper (AES-256-GCM, v1.iv.tag.data)', () => {
    const key = deriveSealingKey(SECRET, 'legacy');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from('context', 'utf8'));
    const data = Buffer.concat([cipher.update('written earlier', 'utf8'), cipher.final()]);
    const legacy = ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    expect(new Sealer(key).open(legacy, 'context')).toBe('written earlier');
  });

  it('takes only 32-byte keys', () => {
    expect(() => new Sealer(Buffer.alloc(16))).toThrow(RangeError);
  });
});
