import {
  credentialKeys,
  digestCredential,
  digestsEqual,
  newOneTimeCode,
  newResetToken,
} from '../src/app/credentials/credential-secrets.ts';
import { mailSealingKey, openMailBody, sealMailBody } from '../src/app/mail/mail-sealing.ts';

describe('codes and reset tokens', () => {
  const keys = credentialKeys('a token secret of some length');

  it('codes are six digits, leading zeros kept; tokens are 32 random bytes in base64url', () => {
    for (let i = 0; i < 200; i++) expect(newOneTimeCode()).toMatch(/^\d{6}$/);
    const token = newResetToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newResetToken()).not.toBe(token);
  });

  it('digests are keyed by the secret and bound to their scope', () => {
    const digest = digestCredential(keys.pepper, 'otp:1', '123456');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toContain('123456');
    expect(digestCredential(keys.pepper, 'otp:1', '123456')).toBe(digest);
    expect(digestCredential(keys.pepper, 'otp:2', '123456')).not.toBe(digest);
    expect(digestCredential(credentialKeys('another token secret here').pepper, 'otp:1', '123456')).not.toBe(digest);
    expect(digestsEqual(digest, digestCredential(keys.pepper, 'otp:1', '123456'))).toBe(true);
    expect(digestsEqual(digest, digestCredential(keys.pepper, 'otp:1', '123457'))).toBe(false);
    expect(digestsEqual(digest, '')).toBe(false);
  });

  it('the pepper and the mail key are different keys', () => {
    expect(keys.pepper.equals(keys.mailKey)).toBe(false);
    expect(keys.mailKey.equals(mailSealingKey('a token secret of some length'))).toBe(true);
  });
});

describe('sealed mail bodies', () => {
  const key = mailSealingKey('a token secret of some length');

  it('round-trip, never show the text, and differ every time', () => {
    const text = 'Your verification code is 123456.';
    const sealed = sealMailBody(key, text);
    expect(sealed).not.toContain('123456');
    expect(sealMailBody(key, text)).not.toBe(sealed);
    expect(openMailBody(key, sealed)).toBe(text);
  });

  it('refuse a tampered body or another key', () => {
    const sealed = sealMailBody(key, 'hello there');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => openMailBody(key, parts.join('.'))).toThrow();
    expect(() => openMailBody(mailSealingKey('some other token secret'), sealed)).toThrow();
    expect(() => openMailBody(key, 'garbage')).toThrow();
  });
});
