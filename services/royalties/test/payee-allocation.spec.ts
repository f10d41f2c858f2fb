import fc from 'fast-check';
import { apportion } from '../src/app/allocation/largest-remainder.ts';
import { allocateToPayees, type AllocationLine, type SplitShare } from '../src/app/allocation/payee-allocation.ts';
import { approvalLegs } from '../src/app/statements/statement-settlement.ts';

/*
 * The one allocation both money paths use: file-level statements (approved into the ledger) and
 * finance statements. Examples pin the rounding rule; properties prove that no cent is lost or
 * invented for any split, any amounts (negative adjustments included) and any number of payees.
 */

const TRACK = '00000000-0000-4000-8000-000000000001';
const OTHER_TRACK = '00000000-0000-4000-8000-000000000002';
const NOVA = '00000000-0000-4000-8000-0000000000a1';
const ORBIT = '00000000-0000-4000-8000-0000000000a2';
const USER = '00000000-0000-4000-8000-0000000000b1';
const WRITER = '00000000-0000-4000-8000-0000000000c1';

const artistShare = (name: string, shareMillionths: number, artistId: string): SplitShare => ({
  payeeType: 'artist',
  artistId,
  userId: null,
  writerId: null,
  name,
  email: null,
  shareMillionths,
});
const externalShare = (name: string, shareMillionths: number, email = `${name.toLowerCase()}@example.com`): SplitShare => ({
  payeeType: 'external',
  artistId: null,
  userId: null,
  writerId: null,
  name,
  email,
  shareMillionths,
});

/** 33.33 / 33.33 / 33.34 %, as the spec's example split. */
const THIRDS = [artistShare('Nova', 333_300, NOVA), artistShare('Orbit', 333_300, ORBIT), externalShare('Player', 333_400)];

const sum = (values: readonly bigint[]): bigint => values.reduce((total, value) => total + value, 0n);
const abs = (value: bigint): bigint => (value < 0n ? -value : value);
/** Half away from zero, written out here so the allocation is checked against an independent rounding. */
const centsOf = (micros: bigint): bigint => (micros < 0n ? -((-micros + 5_000n) / 10_000n) : (micros + 5_000n) / 10_000n);

describe('apportion', () => {
  it('hands out the left-over units to the parts that lost the most, then the larger part, then the earlier one', () => {
    expect(apportion(1n, [3333n, 3333n, 3334n], 10_000n)).toEqual([0n, 0n, 1n]);
    expect(apportion(7n, [7n * 3333n, 7n * 3333n, 7n * 3334n], 10_000n)).toEqual([2n, 2n, 3n]);
    expect(apportion(2n, [2n, 2n, 2n], 3n)).toEqual([1n, 1n, 0n]);
    expect(apportion(10_000n, [10_000n * 3333n, 10_000n * 3333n, 10_000n * 3333n], 9_999n)).toEqual([3334n, 3333n, 3333n]);
  });

  it('keeps signs: the negated amount gives exactly the negated parts', () => {
    expect(apportion(-1n, [-3333n, -3333n, -3334n], 10_000n)).toEqual([0n, 0n, -1n]);
    expect(apportion(-7n, [-7n * 3333n, -7n * 3333n, -7n * 3334n], 10_000n)).toEqual([-2n, -2n, -3n]);
  });

  it('with parts of both signs, gives a missing unit only to a part that lost something of its sign', () => {
    // 1.6, -0.3 and 0.7 sum to 2: the cut gives 1, 0 and 0; the missing unit goes to 0.7, never to -0.3.
    expect(apportion(2n, [16n, -3n, 7n], 10n)).toEqual([1n, 0n, 1n]);
    // 1.2 and -1.9 sum to -0.7, rounded to -1: the cut gives 1 and -1; the missing -1 goes to -1.9.
    expect(apportion(-1n, [12n, -19n], 10n)).toEqual([1n, -2n]);
  });

  it('refuses a total out of reach and a denominator that is not positive', () => {
    expect(() => apportion(2n, [1n], 2n)).toThrow(RangeError);
    expect(() => apportion(1n, [], 2n)).toThrow(RangeError);
    expect(() => apportion(1n, [1n], 0n)).toThrow(RangeError);
  });
});

describe('allocateToPayees', () => {
  it('splits 100.08 by 33.33/33.33/33.34 to the cent: the two left-over cents go to the largest remainders', () => {
    const { totalCents, payees } = allocateToPayees([{ trackId: TRACK, artistId: NOVA, micros: 100_080_000n }], new Map([[TRACK, THIRDS]]));
    expect(totalCents).toBe(10_008n);
    expect(payees.map((payee) => [payee.payee.name, payee.micros, payee.cents])).toEqual([
      ['Nova', 33_356_664n, 3336n],
      ['Orbit', 33_356_664n, 3335n],
      ['Player', 33_366_672n, 3337n],
    ]);
  });

  it('gives the odd cent of 0.01 to the largest share, and takes the cent of -0.01 back from it', () => {
    const splits = new Map([[TRACK, THIRDS]]);
    expect(allocateToPayees([{ trackId: TRACK, artistId: NOVA, micros: 10_000n }], splits).payees.map((payee) => payee.cents)).toEqual([0n, 0n, 1n]);
    expect(allocateToPayees([{ trackId: TRACK, artistId: NOVA, micros: -10_000n }], splits).payees.map((payee) => payee.cents)).toEqual([0n, 0n, -1n]);
  });

  it('pays an unsplit track, a release matched by UPC and an unmatched line to their artist or the tenant, one amount per payee', () => {
    const { totalCents, payees } = allocateToPayees(
      [
        { trackId: TRACK, artistId: NOVA, micros: 30_005_000n },
        { trackId: OTHER_TRACK, artistId: NOVA, micros: -500_000n },
        { trackId: null, artistId: ORBIT, micros: 40_005_000n },
        { trackId: null, artistId: null, micros: 4_000n },
      ],
      new Map([[OTHER_TRACK, []]]),
    );
    // 69.514 rounds to 69.51: Nova's 29.505 and Orbit's 40.005 each lose half a cent to the cut,
    // the tenant's 0.004 less; the one cent left goes to the larger of the two halves, Orbit's.
    expect(totalCents).toBe(6_951n);
    expect(payees.map((payee) => [payee.payee.type, payee.payee.id, payee.micros, payee.cents])).toEqual([
      ['artist', NOVA, 29_505_000n, 2_950n],
      ['artist', ORBIT, 40_005_000n, 4_001n],
      ['tenant', null, 4_000n, 0n],
    ]);
  });

  it('nets an adjustment against the sales of its recording before splitting, so a reversal takes back exactly what was given', () => {
    const splits = new Map([[TRACK, THIRDS]]);
    const sale = { trackId: TRACK, artistId: NOVA, micros: 1_000_001n };
    expect(allocateToPayees([sale, { ...sale, micros: -1_000_001n }], splits)).toEqual({ totalCents: 0n, payees: [] });
    const split = allocateToPayees([sale], splits).payees;
    const reversed = allocateToPayees([{ ...sale, micros: -1_000_001n }], splits).payees;
    expect(reversed.map((payee) => [payee.micros, payee.cents])).toEqual(split.map((payee) => [-payee.micros, -payee.cents]));
  });

  it('names users and writers by their record and external payees by email in any case, one amount each across tracks', () => {
    const split: SplitShare[] = [
      { payeeType: 'user', artistId: null, userId: USER, writerId: null, name: 'Manager', email: null, shareMillionths: 200_000 },
      { payeeType: 'writer', artistId: null, userId: null, writerId: WRITER, name: 'Writer', email: null, shareMillionths: 300_000 },
      externalShare('Player', 500_000, 'Player@Example.com'),
    ];
    const { totalCents, payees } = allocateToPayees(
      [
        { trackId: TRACK, artistId: NOVA, micros: 10_000_000n },
        { trackId: OTHER_TRACK, artistId: NOVA, micros: 1_000_000n },
      ],
      new Map([
        [TRACK, split],
        [OTHER_TRACK, [externalShare('Player', 1_000_000)]],
      ]),
    );
    expect(totalCents).toBe(1_100n);
    expect(payees.map((payee) => [payee.payee.type, payee.payee.id, payee.cents])).toEqual([
      ['user', USER, 200n],
      ['writer', WRITER, 300n],
      ['external', null, 600n],
    ]);
  });

  it('pays out the whole amount under three shares of 33.333 % (99.999 %)', () => {
    const thirds = [externalShare('A', 333_330), externalShare('B', 333_330), externalShare('C', 333_330)];
    const { totalCents, payees } = allocateToPayees([{ trackId: TRACK, artistId: null, micros: 7_770_000n }], new Map([[TRACK, thirds]]));
    expect(payees.map((payee) => payee.cents)).toEqual([259n, 259n, 259n]);
    expect(sum(payees.map((payee) => payee.micros))).toBe(7_770_000n);
    expect(totalCents).toBe(777n);
  });
});

describe('the approval journal of a file-level statement', () => {
  it('credits every payee of the split from royalty income, an external payee by its email in lower case', () => {
    const allocation = allocateToPayees(
      [{ trackId: TRACK, artistId: NOVA, micros: 1_000_000n }],
      new Map([[TRACK, [artistShare('Nova', 500_000, NOVA), externalShare('Player', 500_000, 'Player@Example.com')]]]),
    );
    const { legs, total } = approvalLegs(allocation);
    expect(total).toBe(100n);
    expect(legs.map((leg) => [leg.account, leg.payee, leg.amount])).toEqual([
      ['royalty_income', { type: 'tenant', id: null }, -100n],
      ['payee_pending', { type: 'artist', id: NOVA }, 50n],
      ['payee_pending', { type: 'external', id: null, email: 'player@example.com' }, 50n],
    ]);
  });
});

// Properties: random splits, amounts and payee counts.

const TRACKS = [TRACK, OTHER_TRACK, '00000000-0000-4000-8000-000000000003', null] as const;
const ARTISTS = [NOVA, ORBIT, null] as const;

/** A split of one to eight rows: artists, users and external payees (some repeated), shares of up to 100 % each, some zero. */
const splitArbitrary: fc.Arbitrary<SplitShare[]> = fc
  .array(
    fc.record({
      payee: fc.integer({ min: 0, max: 11 }),
      shareMillionths: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(0, 333_330, 333_333, 333_334, 500_000, 1_000_000)),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((rows) =>
    rows.map(({ payee, shareMillionths }): SplitShare => {
      const id = `00000000-0000-4000-8000-${payee.toString().padStart(12, '0')}`;
      if (payee < 4) return artistShare(`Artist ${payee}`, shareMillionths, id);
      if (payee < 8) return { payeeType: 'user', artistId: null, userId: id, writerId: null, name: `User ${payee}`, email: null, shareMillionths };
      return externalShare(`External ${payee % 2}`, shareMillionths, payee % 2 === 0 ? 'Same@Example.com' : 'same@example.com');
    }),
  );

const splitsArbitrary = fc.record({ first: splitArbitrary, second: splitArbitrary, third: fc.option(splitArbitrary, { nil: undefined }) }).map(
  ({ first, second, third }) =>
    new Map<string, SplitShare[]>([
      [TRACKS[0], first],
      [TRACKS[1], second],
      ...(third ? ([[TRACKS[2], third]] as [string, SplitShare[]][]) : []),
    ]),
);

const linesArbitrary = (minMicros: bigint): fc.Arbitrary<AllocationLine[]> =>
  fc.array(
    fc.record({
      trackId: fc.constantFrom(...TRACKS),
      artistId: fc.constantFrom(...ARTISTS),
      micros: fc.oneof(fc.bigInt({ min: minMicros, max: 999_999_999_999_999_999n }), fc.bigInt({ min: minMicros < 0n ? -20_000n : 0n, max: 20_000n })),
    }),
    { maxLength: 30 },
  );

/** What must hold for any allocation: the cents are the rounded total, and each payee's are its exact amount rounded down or up. */
const expectConserved = (lines: readonly AllocationLine[], splits: ReadonlyMap<string, readonly SplitShare[]>) => {
  const allocation = allocateToPayees(lines, splits);
  const exact = sum(lines.map((line) => line.micros));
  expect(sum(allocation.payees.map((payee) => payee.micros))).toBe(exact);
  expect(allocation.totalCents).toBe(centsOf(exact));
  expect(sum(allocation.payees.map((payee) => payee.cents))).toBe(allocation.totalCents);
  for (const payee of allocation.payees) expect(abs(payee.cents * 10_000n - payee.micros) < 10_000n).toBe(true);
  return allocation;
};

describe('no cent lost or invented', () => {
  it('file-level statements: signed lines, the approval journal balances and credits exactly the rounded total', () => {
    fc.assert(
      fc.property(linesArbitrary(-999_999_999_999_999_999n), splitsArbitrary, (lines, splits) => {
        const allocation = expectConserved(lines, splits);
        const { legs, total } = approvalLegs(allocation);
        expect(sum(legs.map((leg) => leg.amount))).toBe(0n);
        expect(sum(legs.filter((leg) => leg.account === 'payee_pending').map((leg) => leg.amount))).toBe(total);
        expect(total).toBe(centsOf(sum(lines.map((line) => line.micros))));
      }),
      { numRuns: 500 },
    );
  });

  it('finance statements: non-negative sales give every payee a non-negative amount that sums to the rounded total', () => {
    fc.assert(
      fc.property(linesArbitrary(0n), splitsArbitrary, (lines, splits) => {
        const allocation = expectConserved(lines, splits);
        expect(allocation.payees.every((payee) => payee.cents >= 0n && payee.micros > 0n)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('negating every line negates every payee\'s amount, to the millionth and the cent', () => {
    fc.assert(
      fc.property(linesArbitrary(-999_999_999_999_999_999n), splitsArbitrary, (lines, splits) => {
        const allocation = allocateToPayees(lines, splits);
        const negated = allocateToPayees(
          lines.map((line) => ({ ...line, micros: -line.micros })),
          splits,
        );
        expect(negated.totalCents).toBe(-allocation.totalCents);
        expect(negated.payees.map((payee) => [payee.payee, -payee.micros, -payee.cents])).toEqual(allocation.payees.map((payee) => [payee.payee, payee.micros, payee.cents]));
      }),
      { numRuns: 300 },
    );
  });

  it('apportions any total within reach into parts that sum to it, each its exact value rounded down or up', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), { minLength: 1, maxLength: 12 }),
        fc.bigInt({ min: 1n, max: 10n ** 7n }),
        (exact, denominator) => {
          const exactSum = sum(exact);
          // The exact sum rounded half away from zero to whole units, as both paths round a total.
          const total = exactSum < 0n ? -((-exactSum * 2n + denominator) / (2n * denominator)) : (exactSum * 2n + denominator) / (2n * denominator);
          const parts = apportion(total, exact, denominator);
          expect(sum(parts)).toBe(total);
          parts.forEach((part, index) => expect(abs(part * denominator - exact[index]!) < denominator).toBe(true));
        },
      ),
      { numRuns: 500 },
    );
  });
});
