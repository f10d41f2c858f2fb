import { CreateTrackBody, normalizeIsrc } from '@sv/contracts';
import { MAX_DESIGNATION, composeIsrc } from '../src/app/tracks/isrc.ts';

describe('normalizeIsrc', () => {
  it.each([
    ['USS1Z9900001', 'USS1Z9900001'],
    ['US-S1Z-99-00001', 'USS1Z9900001'],
    ['us-s1z-99-00001', 'USS1Z9900001'],
    ['  gbaye2600123 ', 'GBAYE2600123'],
    ['QZ-SV1-26-99999', 'QZSV12699999'],
  ])('accepts %j as %s', (input, stored) => {
    expect(normalizeIsrc(input)).toBe(stored);
  });

  it.each([
    ['too short', 'USS1Z990000'],
    ['too long', 'USS1Z99000011'],
    ['a digit in the country', 'U1S1Z9900001'],
    ['a letter in the year', 'USS1ZA900001'],
    ['a letter in the designation', 'USS1Z990000A'],
    ['punctuation in the registrant', 'USS_Z9900001'],
    ['spaces inside', 'US S1Z 99 00001'],
    ['empty', ''],
  ])('refuses %s', (_case, input) => {
    expect(normalizeIsrc(input)).toBeUndefined();
  });
});

describe('the isrc and dolby_isrc body fields', () => {
  const base = { title: 'Song', position: 1, explicit: false };

  it('store the normalised form; a blank isrc means "assign one"', () => {
    expect(CreateTrackBody.parse({ ...base, isrc: 'us-s1z-99-00001', dolby_isrc: 'GB-AYE-26-00123' })).toMatchObject({
      isrc: 'USS1Z9900001',
      dolby_isrc: 'GBAYE2600123',
    });
    expect(CreateTrackBody.parse({ ...base, isrc: '  ' }).isrc).toBeNull();
  });

  it('refuse a malformed code under the field name', () => {
    const result = CreateTrackBody.safeParse({ ...base, isrc: 'NOT-AN-ISRC', dolby_isrc: '12345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['dolby_isrc', 'isrc']);
  });
});

describe('composeIsrc', () => {
  it('is the registrant, the two-digit year and the five-digit designation', () => {
    expect(composeIsrc('QZSVD', 2026, 1)).toBe('QZSVD2600001');
    expect(composeIsrc('GBAYE', 2031, 4321)).toBe('GBAYE3104321');
    expect(composeIsrc('QZSVD', 2100, MAX_DESIGNATION)).toBe('QZSVD0099999');
  });

  it('always gives a valid, already normalised ISRC', () => {
    for (const designation of [1, 9, 10, 12_345, MAX_DESIGNATION]) {
      const isrc = composeIsrc('QZSV1', 2026, designation);
      expect(normalizeIsrc(isrc)).toBe(isrc);
    }
  });

  it('refuses designations outside 1..99999 and malformed registrants', () => {
    expect(() => composeIsrc('QZSVD', 2026, 0)).toThrow();
    expect(() => composeIsrc('QZSVD', 2026, MAX_DESIGNATION + 1)).toThrow();
    expect(() => composeIsrc('QZSV', 2026, 1)).toThrow();
    expect(() => composeIsrc('1ZSVD', 2026, 1)).toThrow();
  });
});
