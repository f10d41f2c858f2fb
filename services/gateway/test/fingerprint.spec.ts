import { createHash } from 'node:crypto';
import { requestFingerprint } from '../src/app/idempotency/fingerprint.ts';

const body = { name: 'Nova', slug: 'nova', country: 'GB', links: [{ url: 'https://a.example', kind: 'site' }] };

describe('requestFingerprint', () => {
  it('is a SHA-256 hex digest', () => {
    expect(requestFingerprint('POST', '/artists', body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same digest for the same method, path and body', () => {
    const first = requestFingerprint('POST', '/artists', body);
    expect(requestFingerprint('POST', '/artists', structuredClone(body))).toBe(first);
  });

  it('does not depend on the order of object keys, at any depth', () => {
    const reordered = { links: [{ kind: 'site', url: 'https://a.example' }], country: 'GB', slug: 'nova', name: 'Nova' };
    expect(requestFingerprint('POST', '/artists', reordered)).toBe(requestFingerprint('POST', '/artists', body));
  });

  it('depends on the order of array items', () => {
    const a = { tags: ['x', 'y'] };
    const b = { tags: ['y', 'x'] };
    expect(requestFingerprint('POST', '/artists', a)).not.toBe(requestFingerprint('POST', '/artists', b));
  });

  it('treats the method case-insensitively', () => {
    expect(requestFingerprint('post', '/artists', body)).toBe(requestFingerprint('POST', '/artists', body));
  });

  it('changes with the body', () => {
    const base = requestFingerprint('POST', '/artists', body);
    expect(requestFingerprint('POST', '/artists', { ...body, name: 'Nova!' })).not.toBe(base);
    expect(requestFingerprint('POST', '/artists', { ...body, extra: 1 })).not.toBe(base);
    expect(requestFingerprint('POST', '/artists', { ...body, country: undefined })).not.toBe(base);
    // Type matters: the number 1 and the string "1" are different requests.
    expect(requestFingerprint('POST', '/x', { n: 1 })).not.toBe(requestFingerprint('POST', '/x', { n: '1' }));
    expect(requestFingerprint('POST', '/x', {})).not.toBe(requestFingerprint('POST', '/x', []));
  });

  it('changes with the path', () => {
    expect(requestFingerprint('POST', '/artists/a', body)).not.toBe(requestFingerprint('POST', '/artists/b', body));
    expect(requestFingerprint('POST', '/releases', body)).not.toBe(requestFingerprint('POST', '/artists', body));
  });

  it('changes with the method', () => {
    expect(requestFingerprint('PUT', '/artists/a', body)).not.toBe(requestFingerprint('PATCH', '/artists/a', body));
    expect(requestFingerprint('POST', '/artists', body)).not.toBe(requestFingerprint('PUT', '/artists', body));
  });

  it('ignores undefined properties and treats a missing body as null', () => {
    expect(requestFingerprint('POST', '/artists', { name: 'Nova', bio: undefined })).toBe(
      requestFingerprint('POST', '/artists', { name: 'Nova' }),
    );
    expect(requestFingerprint('POST', '/x', undefined)).toBe(requestFingerprint('POST', '/x', null));
  });

  it('hashes the method, the path and the canonical JSON of the body', () => {
    const expected = createHash('sha256').update('POST /artists\n{"name":"Nova","slug":"nova"}').digest('hex');
    expect(requestFingerprint('POST', '/artists', { slug: 'nova', name: 'Nova' })).toBe(expected);
  });
});
