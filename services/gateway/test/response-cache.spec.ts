import { ResponseCache, type CachedAnswer } from '../src/app/response-cache/response-cache.ts';

const TENANT_A = '00000000-0000-4000-8000-00000000000a';
const TENANT_B = '00000000-0000-4000-8000-00000000000b';
const answer = (json: string): CachedAnswer => ({ headers: {}, json, meta: undefined });

const cacheAt = (clock: { now: number }, options: Partial<ConstructorParameters<typeof ResponseCache>[0]> = {}) =>
  new ResponseCache({ ttlMs: 1_000, maxBytes: 10_000, maxEntryBytes: 1_000, now: () => clock.now, ...options });

describe('ResponseCache', () => {
  it('answers what was kept for the same key until its time is up', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    expect(cache.keep('k', cache.ticket(TENANT_A), answer('{"a":1}'))).toBe(true);
    expect(cache.find('k')?.json).toBe('{"a":1}');
    expect(cache.find('other')).toBeUndefined();
    clock.now = 999;
    expect(cache.find('k')?.json).toBe('{"a":1}');
    clock.now = 1_000;
    expect(cache.find('k')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('drops one tenant and keeps the others', () => {
    const cache = cacheAt({ now: 0 });
    cache.keep('a1', cache.ticket(TENANT_A), answer('1'));
    cache.keep('a2', cache.ticket(TENANT_A), answer('2'));
    cache.keep('b1', cache.ticket(TENANT_B), answer('3'));
    cache.dropTenant(TENANT_A);
    expect([cache.find('a1'), cache.find('a2')]).toEqual([undefined, undefined]);
    expect(cache.find('b1')?.json).toBe('3');
    expect(cache.size).toBe(1);
  });

  it('never keeps an answer whose read began before a change of its tenant, or before everything was dropped', () => {
    const cache = cacheAt({ now: 0 });
    const before = cache.ticket(TENANT_A);
    const otherTenant = cache.ticket(TENANT_B);
    cache.dropTenant(TENANT_A);
    expect(cache.keep('a', before, answer('stale'))).toBe(false);
    expect(cache.find('a')).toBeUndefined();
    // Another tenant's change does not hold this one back.
    expect(cache.keep('b', otherTenant, answer('fresh'))).toBe(true);
    expect(cache.keep('a', cache.ticket(TENANT_A), answer('fresh'))).toBe(true);

    const beforeClear = cache.ticket(TENANT_B);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.keep('b', beforeClear, answer('stale'))).toBe(false);
    expect(cache.keep('b', cache.ticket(TENANT_B), answer('fresh'))).toBe(true);
  });

  it('holds at most maxBytes, evicting the least recently used, and refuses an answer above maxEntryBytes', () => {
    const cache = cacheAt({ now: 0 }, { maxBytes: 30, maxEntryBytes: 20 });
    const ten = 'x'.repeat(9); // 9 bytes of JSON + a 1-byte key
    cache.keep('1', cache.ticket(TENANT_A), answer(ten));
    cache.keep('2', cache.ticket(TENANT_A), answer(ten));
    cache.keep('3', cache.ticket(TENANT_A), answer(ten));
    expect(cache.bytes).toBe(30);
    cache.find('1'); // used: now the newest
    cache.keep('4', cache.ticket(TENANT_A), answer(ten));
    expect(cache.find('2')).toBeUndefined();
    expect(['1', '3', '4'].map((key) => cache.find(key)?.json)).toEqual([ten, ten, ten]);
    expect(cache.bytes).toBe(30);
    expect(cache.keep('big', cache.ticket(TENANT_A), answer('y'.repeat(20)))).toBe(false);
    expect(cache.size).toBe(3);
  });

  it('keeps nothing when its time to live is 0 (turned off)', () => {
    const cache = cacheAt({ now: 0 }, { ttlMs: 0 });
    expect(cache.enabled).toBe(false);
    expect(cache.keep('k', cache.ticket(TENANT_A), answer('1'))).toBe(false);
    expect(cache.find('k')).toBeUndefined();
  });
});
