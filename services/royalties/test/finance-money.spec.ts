import { allocate, formatMicros, parseMicros, roundMicrosToMinor } from '../src/app/finance/finance-money.ts';
import { payeeAmounts, type SplitShare } from '../src/app/finance/payee-shares.ts';
import { checkSalesLine, readSalesHeader } from '../src/app/finance/sales-lines.ts';

const TRACK = '00000000-0000-4000-8000-000000000001';
const OTHER_TRACK = '00000000-0000-4000-8000-000000000002';
const NOVA = '00000000-0000-4000-8000-0000000000a1';
const ORBIT = '00000000-0000-4000-8000-0000000000a2';

const share = (name: string, shareHundredths: number, artistId: string | null = null): SplitShare => ({
  payeeType: artistId ? 'artist' : 'external',
  artistId,
  userId: null,
  writerId: null,
  name,
  email: artistId ? null : `${name.toLowerCase()}@example.com`,
  shareHundredths,
});

const THIRDS = [share('Nova', 3333, NOVA), share('Orbit', 3333, ORBIT), share('Player', 3334)];

describe('decimal amounts', () => {
  it('reads decimals into millionths exactly and refuses what is not one', () => {
    expect(parseMicros('100.00')).toBe(100_000_000n);
    expect(parseMicros('0.07')).toBe(70_000n);
    expect(parseMicros('0.000001')).toBe(1n);
    expect(parseMicros(' 12 ')).toBe(12_000_000n);
    expect(parseMicros('1.1000000')).toBe(1_100_000n);
    for (const bad of ['', '-1', '1e3', '0.0000001', '1,5', 'abc', '.5']) expect([bad, parseMicros(bad)]).toEqual([bad, undefined]);
    // 0.1 + 0.2 is exact here, never 0.30000000000000004.
    expect(formatMicros(parseMicros('0.1')! + parseMicros('0.2')!)).toBe('0.300000');
  });

  it('rounds millionths to minor units half up', () => {
    expect(roundMicrosToMinor(4_999n)).toBe(0n);
    expect(roundMicrosToMinor(5_000n)).toBe(1n);
    expect(roundMicrosToMinor(100_080_000n)).toBe(10_008n);
  });
});

describe('allocate', () => {
  it('always sums to the total and gives the left-over unit to the share that lost most, then the larger share', () => {
    expect(allocate(1n, [3333n, 3333n, 3334n])).toEqual([0n, 0n, 1n]);
    expect(allocate(7n, [3333n, 3333n, 3334n])).toEqual([2n, 2n, 3n]);
    expect(allocate(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n]);
    expect(allocate(10_000n, [3333n, 3333n, 3333n])).toEqual([3334n, 3333n, 3333n]);
    for (let total = 0n; total < 500n; total += 7n) {
      const parts = allocate(total, [3333n, 3333n, 3334n]);
      expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(total);
    }
  });

  it('refuses nothing to allocate to and negative amounts', () => {
    expect(() => allocate(1n, [])).toThrow(RangeError);
    expect(() => allocate(1n, [0n, 0n])).toThrow(RangeError);
    expect(() => allocate(-1n, [1n])).toThrow(RangeError);
  });
});

describe('payeeAmounts', () => {
  it('splits 100.00 + 0.01 + 0.07 of a three-way split to the cent; the two left-over cents go to the largest remainders', () => {
    const { totalMinor, payees } = payeeAmounts([{ trackId: TRACK, artistId: NOVA, micros: 100_080_000n }], new Map([[TRACK, THIRDS]]));
    expect(totalMinor).toBe(10_008n);
    expect(payees.map((payee) => [payee.payee.name, payee.micros, payee.minor])).toEqual([
      ['Nova', 33_356_664n, 3336n],
      ['Orbit', 33_356_664n, 3335n],
      ['Player', 33_366_672n, 3337n],
    ]);
    expect(payees.reduce((sum, payee) => sum + payee.minor, 0n)).toBe(totalMinor);
  });

  it('gives the odd cent of 0.01 to the largest share', () => {
    const { payees } = payeeAmounts([{ trackId: TRACK, artistId: NOVA, micros: 10_000n }], new Map([[TRACK, THIRDS]]));
    expect(payees.map((payee) => payee.minor)).toEqual([0n, 0n, 1n]);
  });

  it('pays a track without a split to its artist, and a recording without artist to the tenant, merging one payee across tracks', () => {
    const { totalMinor, payees } = payeeAmounts(
      [
        { trackId: TRACK, artistId: NOVA, micros: 1_000_000n },
        { trackId: OTHER_TRACK, artistId: NOVA, micros: 2_500_000n },
        { trackId: null, artistId: null, micros: 70_000n },
      ],
      new Map(),
    );
    expect(totalMinor).toBe(357n);
    expect(payees.map((payee) => [payee.payee.type, payee.payee.id, payee.minor])).toEqual([
      ['artist', NOVA, 350n],
      ['tenant', null, 7n],
    ]);
  });

  it('names users and writers by their record and external payees by email, one statement each across tracks', () => {
    const USER = '00000000-0000-4000-8000-0000000000b1';
    const WRITER = '00000000-0000-4000-8000-0000000000c1';
    const split: SplitShare[] = [
      { payeeType: 'user', artistId: null, userId: USER, writerId: null, name: 'Manager', email: null, shareHundredths: 2000 },
      { payeeType: 'writer', artistId: null, userId: null, writerId: WRITER, name: 'Writer', email: null, shareHundredths: 3000 },
      { payeeType: 'external', artistId: null, userId: null, writerId: null, name: 'Player', email: 'Player@Example.com', shareHundredths: 5000 },
    ];
    const other: SplitShare[] = [{ ...split[2]!, email: 'player@example.com', shareHundredths: 10000 }];
    const { totalMinor, payees } = payeeAmounts(
      [
        { trackId: TRACK, artistId: NOVA, micros: 10_000_000n },
        { trackId: OTHER_TRACK, artistId: NOVA, micros: 1_000_000n },
      ],
      new Map([
        [TRACK, split],
        [OTHER_TRACK, other],
      ]),
    );
    expect(totalMinor).toBe(1_100n);
    expect(payees.map((payee) => [payee.payee.type, payee.payee.id, payee.minor])).toEqual([
      ['user', USER, 200n],
      ['writer', WRITER, 300n],
      ['external', null, 600n],
    ]);
  });

  it('pays out the whole amount under a split of 99.99 %', () => {
    const thirds = [share('A', 3333), share('B', 3333), share('C', 3333)];
    const { totalMinor, payees } = payeeAmounts([{ trackId: TRACK, artistId: null, micros: 7_770_000n }], new Map([[TRACK, thirds]]));
    expect(payees.reduce((sum, payee) => sum + payee.minor, 0n)).toBe(totalMinor);
    expect(payees.reduce((sum, payee) => sum + payee.micros, 0n)).toBe(7_770_000n);
  });
});

describe('sales lines', () => {
  it('takes a header naming amount and isrc or upc, in any case and order', () => {
    expect(readSalesHeader(['Store', 'ISRC', 'Net', 'amount'])).toEqual(new Map([['store', 0], ['isrc', 1], ['amount', 3]]));
    expect(readSalesHeader(['upc', 'units'])).toBeUndefined();
  });

  it('checks each cell and names every fault at its column', () => {
    expect(checkSalesLine({ isrc: 'qz-abc-27-00001', amount: '1.50', units: '3', territory: 'de' })).toEqual({
      ok: true,
      line: { isrc: 'QZABC2700001', upc: null, territory: 'DE', store: null, units: 3, amountMicros: 1_500_000n },
    });
    const bad = checkSalesLine({ isrc: 'nope', amount: '1.2345678', units: '-1' });
    expect(bad.ok ? [] : bad.errors.map((fault) => fault.column)).toEqual(['isrc', 'units', 'amount']);
    const missing = checkSalesLine({ amount: '' });
    expect(missing.ok ? [] : missing.errors.map((fault) => fault.column)).toEqual(['isrc', 'amount']);
  });
});
