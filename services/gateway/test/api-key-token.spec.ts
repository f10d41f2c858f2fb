import { createHash } from 'node:crypto';
import { API_KEY_SCHEME, apiKeyPrefix, digestApiKey, digestsMatch, isApiKeyShaped, issueApiKey } from '../src/app/api-keys/api-key-token.ts';

const WELL_FORMED = /^svk_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{32}$/;

describe('issueApiKey', () => {
  it('issues a well-formed svk_ key whose prefix is svk_ and the 8-character id', () => {
    const issued = issueApiKey();
    expect(API_KEY_SCHEME).toBe('svk_');
    expect(issued.raw).toMatch(WELL_FORMED);
    expect(issued.prefix).toHaveLength(12);
    expect(issued.raw.startsWith(issued.prefix)).toBe(true);
    expect(issued.raw.charAt(12)).toBe('_');
  });

  it('stores a SHA-256 digest of the raw key, never the key itself', () => {
    const issued = issueApiKey();
    expect(issued.digest).toBe(createHash('sha256').update(issued.raw).digest('hex'));
    expect(issued.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.digest).not.toContain(issued.raw.slice(4));
  });

  it('issues a different key, prefix and digest every time', () => {
    const keys = Array.from({ length: 50 }, () => issueApiKey());
    expect(new Set(keys.map((key) => key.raw)).size).toBe(50);
    expect(new Set(keys.map((key) => key.prefix)).size).toBe(50);
    expect(new Set(keys.map((key) => key.digest)).size).toBe(50);
  });
});

describe('apiKeyPrefix', () => {
  it('returns the lookup prefix of a well-formed key', () => {
    const issued = issueApiKey();
    expect(apiKeyPrefix(issued.raw)).toBe(issued.prefix);
    expect(apiKeyPrefix(`svk_abcdEFGH_${'x'.repeat(32)}`)).toBe('svk_abcdEFGH');
  });

  it.each([
    ['empty', ''],
    ['scheme only', 'svk_'],
    ['wrong scheme', `sk_abcdEFGH_${'x'.repeat(32)}`],
    ['upper-case scheme', `SVK_abcdEFGH_${'x'.repeat(32)}`],
    ['id too short', `svk_abcdEFG_${'x'.repeat(32)}`],
    ['id too long', `svk_abcdEFGHI_${'x'.repeat(32)}`],
    ['secret too short', `svk_abcdEFGH_${'x'.repeat(31)}`],
    ['secret too long', `svk_abcdEFGH_${'x'.repeat(33)}`],
    ['missing separator', `svk_abcdEFGH${'x'.repeat(33)}`],
    ['illegal character', `svk_abcd EFG_${'x'.repeat(32)}`],
    ['trailing newline', `svk_abcdEFGH_${'x'.repeat(32)}\n`],
    ['leading space', ` svk_abcdEFGH_${'x'.repeat(32)}`],
    ['garbage', 'svk_not-a-real-key'],
  ])('rejects a malformed key (%s)', (_label, raw) => {
    expect(apiKeyPrefix(raw)).toBeUndefined();
  });
});

describe('isApiKeyShaped', () => {
  it('tells svk_ tokens from other bearer tokens', () => {
    expect(isApiKeyShaped(issueApiKey().raw)).toBe(true);
    expect(isApiKeyShaped('svk_garbage')).toBe(true);
    expect(isApiKeyShaped('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false);
    expect(isApiKeyShaped('sk_live_123')).toBe(false);
  });
});

describe('digestApiKey and digestsMatch', () => {
  it('matches the digest of the same key and refuses any other', () => {
    const issued = issueApiKey();
    expect(digestsMatch(issued.digest, digestApiKey(issued.raw))).toBe(true);
    expect(digestsMatch(issued.digest, digestApiKey(issueApiKey().raw))).toBe(false);
    const tampered = issued.raw.slice(0, -1) + (issued.raw.endsWith('A') ? 'B' : 'A');
    expect(digestsMatch(issued.digest, digestApiKey(tampered))).toBe(false);
  });

  it('refuses digests of different lengths instead of throwing', () => {
    const digest = digestApiKey('svk_anything');
    expect(digestsMatch(digest, digest.slice(0, 62))).toBe(false);
    expect(digestsMatch(digest, '')).toBe(false);
    expect(digestsMatch('', digest)).toBe(false);
  });
});
