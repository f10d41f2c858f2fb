import fc from 'fast-check';
import { allocateToPayees, type SplitShare } from '../src/app/allocation/payee-allocation.ts';
import type { PrincipalPayee } from '../src/app/ledger/ledger.ts';
import { payeeBreakdown, type ReportLineGroup, type SplitsByReport } from '../src/app/monthly-statements/payee-breakdown.ts';

/*
 * A payee's monthly breakdown is its part of each report's lines under the split that applied, and
 * agrees with what the allocation credited it (the ledger's figure) to the micro-unit.
 */

const REPORT = '00000000-0000-4000-8000-00000000e001';
const OTHER_REPORT = '00000000-0000-4000-8000-00000000e002';
const SHARED_TRACK = '00000000-0000-4000-8000-000000000001';
const NOVA_TRACK = '00000000-0000-4000-8000-000000000002';
const NOVA = '00000000-0000-4000-8000-0000000000a1';
const ORBIT = '00000000-0000-4000-8000-0000000000a2';
const WORKSPACE: PrincipalPayee = { type: 'tenant', id: null };

const artistShare = (artistId: string, shareMillionths: number): SplitShare => ({
  payeeType: 'artist',
  artistId,
  userId: null,
  writerId: null,
  name: artistId,
  email: null,
  shareMillionths,
});
const externalShare = (email: string, shareMillionths: number): SplitShare => ({ payeeType: 'external', artistId: null, userId: null, writerId: null, name: email, email, shareMillionths });

const group = (overrides: Partial<ReportLineGroup>): ReportLineGroup => ({
  statementId: REPORT,
  trackId: SHARED_TRACK,
  artistId: NOVA,
  releaseTitle: 'Release',
  dsp: 'Spotify',
  streams: 0,
  micros: 0n,
  ...overrides,
});

const sum = (values: readonly bigint[]): bigint => values.reduce((total, value) => total + value, 0n);

describe('payeeBreakdown', () => {
  const groups = [
    group({ micros: 100_070_000n, streams: 1000 }),
    group({ dsp: 'Apple Music', micros: 10_010_001n, streams: 200 }),
    group({ trackId: NOVA_TRACK, micros: 2_500_000n, streams: 100 }),
    group({ trackId: null, artistId: null, releaseTitle: 'Stray', micros: 500_000n, streams: 10 }),
  ];
  const splits: SplitsByReport = new Map([[REPORT, new Map([[SHARED_TRACK, [artistShare(NOVA, 333_300), artistShare(ORBIT, 333_300), externalShare('player@example.com', 333_400)]]])]]);

  it("gives each payee its share of a split line, the whole of its unsplit lines, and a split line's streams to every payee of it", () => {
    // 110.080001 splits into 36.689664 each for the artists (the spare micro-unit goes to the larger
    // share); Nova's part of the 100.07 line is exactly 33.353331, leaving 3.336333 of the other.
    expect(payeeBreakdown({ type: 'artist', id: NOVA }, groups, splits)).toEqual([
      { releaseTitle: 'Release', dsp: 'Spotify', streams: 1100, revenueMicros: 35_853_331n },
      { releaseTitle: 'Release', dsp: 'Apple Music', streams: 200, revenueMicros: 3_336_333n },
    ]);
    expect(payeeBreakdown({ type: 'artist', id: ORBIT }, groups, splits)).toEqual([
      { releaseTitle: 'Release', dsp: 'Spotify', streams: 1000, revenueMicros: 33_353_331n },
      { releaseTitle: 'Release', dsp: 'Apple Music', streams: 200, revenueMicros: 3_336_333n },
    ]);
    expect(payeeBreakdown(WORKSPACE, groups, splits)).toEqual([{ releaseTitle: 'Stray', dsp: 'Spotify', streams: 10, revenueMicros: 500_000n }]);
  });

  it('uses the split of each report: a report without one pays the line to its artist', () => {
    const twoReports = [...groups, group({ statementId: OTHER_REPORT, micros: 1_000_000n, streams: 40 })];
    expect(payeeBreakdown({ type: 'artist', id: ORBIT }, twoReports, splits).map((row) => row.revenueMicros)).toEqual([33_353_331n, 3_336_333n]);
    expect(payeeBreakdown({ type: 'artist', id: NOVA }, twoReports, splits)[0]).toEqual({ releaseTitle: 'Release', dsp: 'Spotify', streams: 1140, revenueMicros: 36_853_331n });
  });

  it('sums, for any lines and splits, to what the allocation credited each payee, to the micro-unit', () => {
    const payees: PrincipalPayee[] = [{ type: 'artist', id: NOVA }, { type: 'artist', id: ORBIT }, WORKSPACE];
    const splitArbitrary = fc
      .uniqueArray(fc.record({ payee: fc.integer({ min: 0, max: 3 }), share: fc.integer({ min: 0, max: 1_000_000 }) }), { selector: (row) => row.payee, minLength: 1, maxLength: 4 })
      .map((rows) => rows.map(({ payee, share }) => (payee < 2 ? artistShare([NOVA, ORBIT][payee]!, share) : externalShare(`payee${payee}@example.com`, share))));
    const groupArbitrary = fc.record({
      statementId: fc.constantFrom(REPORT, OTHER_REPORT),
      trackId: fc.constantFrom(SHARED_TRACK, NOVA_TRACK, null),
      artistId: fc.constantFrom(NOVA, ORBIT, null),
      releaseTitle: fc.constantFrom('One', 'Two'),
      dsp: fc.constantFrom('Spotify', 'Deezer'),
      streams: fc.nat({ max: 10_000 }),
      micros: fc.oneof(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.bigInt({ min: -20_000n, max: 20_000n })),
    });
    fc.assert(
      fc.property(fc.array(groupArbitrary, { maxLength: 25 }), splitArbitrary, splitArbitrary, (lines, first, second) => {
        const byReport: SplitsByReport = new Map([
          [REPORT, new Map([[SHARED_TRACK, first]])],
          [OTHER_REPORT, new Map([[SHARED_TRACK, second], [NOVA_TRACK, first]])],
        ]);
        for (const payee of payees) {
          const credited = [REPORT, OTHER_REPORT].map((report) => {
            const allocation = allocateToPayees(
              lines.filter((line) => line.statementId === report),
              byReport.get(report)!,
            );
            return allocation.payees.find((owed) => owed.payee.type === payee.type && owed.payee.id === payee.id)?.micros ?? 0n;
          });
          expect(sum(payeeBreakdown(payee, lines, byReport).map((row) => row.revenueMicros))).toBe(sum(credited));
        }
      }),
      { numRuns: 500 },
    );
  });
});
