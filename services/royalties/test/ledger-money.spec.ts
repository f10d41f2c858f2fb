import { decimalPlaces, plainDecimal } from '@sv/contracts';
import {
  allocateCents,
  centsToUsd,
  decimalToMinor,
  floorMicrosToCents,
  microsToNumber,
  minorToDecimal,
  numberToMinor,
  roundMicrosToCents,
} from '../src/app/ledger/money.ts';
import { approvalLegs } from '../src/app/statements/statement-settlement.ts';
import { addBusinessDays } from '../src/app/withdrawals/business-days.ts';

/* The money arithmetic: decimal text to integer units and back, floors, rounding and the remainder. */

describe('numbers as written', () => {
  it('writes a JSON number out as plain decimal text, exponents expanded', () => {
    expect(plainDecimal(12.5)).toBe('12.5');
    expect(plainDecimal(0.1)).toBe('0.1');
    expect(plainDecimal(1e-7)).toBe('0.0000001');
    expect(plainDecimal(-1.5e-7)).toBe('-0.00000015');
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    expect(plainDecimal(-0)).toBe('0');
  });

  it('counts the decimals of the number as written', () => {
    expect(decimalPlaces(0.123456)).toBe(6);
    expect(decimalPlaces(0.1234567)).toBe(7);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(10)).toBe(0);
    expect(decimalPlaces(9.99)).toBe(2);
    expect(decimalPlaces(0.1 + 0.2)).toBe(17);
  });
});

describe('decimal text and integer units', () => {
  it('reads decimal text into units without float arithmetic', () => {
    expect(decimalToMinor('12.5', 2)).toBe(1250n);
    expect(decimalToMinor('0.29', 2)).toBe(29n);
    expect(decimalToMinor('-0.000001', 6)).toBe(-1n);
    expect(decimalToMinor('1.100', 2)).toBe(110n);
    expect(decimalToMinor('123456789.123456', 6)).toBe(123456789123456n);
    expect(numberToMinor(0.29, 2)).toBe(29n);
    expect(numberToMinor(1.005, 6)).toBe(1005000n);
    expect(numberToMinor(1e-6, 6)).toBe(1n);
  });

  it('refuses more decimals than the scale, and anything that is not a decimal', () => {
    expect(() => decimalToMinor('0.0000001', 6)).toThrow(RangeError);
    expect(() => numberToMinor(9.999, 2)).toThrow(RangeError);
    expect(() => decimalToMinor('1e5', 2)).toThrow(RangeError);
    expect(() => decimalToMinor('abc', 2)).toThrow(RangeError);
  });

  it('writes units back with a fixed number of decimals', () => {
    expect(minorToDecimal(1250n, 2)).toBe('12.50');
    expect(minorToDecimal(5n, 2)).toBe('0.05');
    expect(minorToDecimal(-5n, 2)).toBe('-0.05');
    expect(minorToDecimal(0n, 2)).toBe('0.00');
    expect(centsToUsd(100000n)).toBe('1000.00');
    expect(minorToDecimal(-1234567n, 6)).toBe('-1.234567');
    expect(microsToNumber(1_005_000n)).toBe(1.005);
    expect(microsToNumber(-333_333n)).toBe(-0.333333);
  });
});

describe('cents from micro-units', () => {
  it('floors toward negative infinity', () => {
    expect(floorMicrosToCents(12_345n)).toBe(1n);
    expect(floorMicrosToCents(9_999n)).toBe(0n);
    expect(floorMicrosToCents(10_000n)).toBe(1n);
    expect(floorMicrosToCents(-1n)).toBe(-1n);
    expect(floorMicrosToCents(-10_000n)).toBe(-1n);
    expect(floorMicrosToCents(-15_000n)).toBe(-2n);
  });

  it('rounds half away from zero', () => {
    expect(roundMicrosToCents(4_999n)).toBe(0n);
    expect(roundMicrosToCents(5_000n)).toBe(1n);
    expect(roundMicrosToCents(-5_000n)).toBe(-1n);
    expect(roundMicrosToCents(-4_999n)).toBe(0n);
    expect(roundMicrosToCents(1_234_565_000n)).toBe(123_457n);
  });
});

describe('allocating a statement in cents', () => {
  it('gives each payee its floor and the rounding remainder to the stated place, never losing or inventing a cent', () => {
    // 0.333333 three times: total 0.999999 rounds to 1.00; floors 0.33 each leave 0.01.
    const thirds = allocateCents(['a', 'b', 'c'].map((payee) => ({ payee, micros: 333_333n })));
    expect(thirds.total).toBe(100n);
    expect(thirds.shares.map((share) => share.cents)).toEqual([33n, 33n, 33n]);
    expect(thirds.remainder).toBe(1n);

    // 10.005 + 20.005 + 0.004 = 30.014 → 30.01; floors 10.00 + 20.00 + 0.00 leave 0.01.
    const odd = allocateCents([
      { payee: 'a', micros: 10_005_000n },
      { payee: 'b', micros: 20_005_000n },
      { payee: 'c', micros: 4_000n },
    ]);
    expect([odd.total, odd.remainder, ...odd.shares.map((share) => share.cents)]).toEqual([3001n, 1n, 1000n, 2000n, 0n]);
  });

  it('keeps the remainder between zero and one cent per payee, with negative adjustments too', () => {
    const cases = [
      [1n, 2n, 3n],
      [-15_000n, 30_001n],
      [-1n, -1n, -1n],
      [9_999n, 9_999n, 9_999n, 9_999n],
      [123_456_789n, -987_654n, 5_000n, 4_999n],
    ];
    for (const micros of cases) {
      const allocation = allocateCents(micros.map((value, index) => ({ payee: index, micros: value })));
      const posted = allocation.shares.reduce((sum, share) => sum + share.cents, 0n) + allocation.remainder;
      expect(posted).toBe(allocation.total);
      expect(allocation.remainder >= 0n && allocation.remainder <= BigInt(micros.length)).toBe(true);
    }
  });

  it('posts an approval journal that sums to zero, the remainder on the tenant', () => {
    const { legs, total } = approvalLegs([
      { payee: { type: 'artist', id: 'a' }, micros: 333_333n },
      { payee: { type: 'artist', id: 'b' }, micros: 333_333n },
      { payee: { type: 'tenant', id: null }, micros: 333_333n },
    ]);
    expect(total).toBe(100n);
    expect(legs.reduce((sum, leg) => sum + leg.amount, 0n)).toBe(0n);
    expect(legs.map((leg) => [leg.account, leg.payee.type, leg.amount])).toEqual([
      ['royalty_income', 'tenant', -100n],
      ['payee_pending', 'artist', 33n],
      ['payee_pending', 'artist', 33n],
      ['payee_pending', 'tenant', 33n],
      ['payee_pending', 'tenant', 1n],
    ]);
  });
});

describe('estimated arrival', () => {
  it('is three business days later, skipping weekends', () => {
    expect(addBusinessDays(new Date('2026-12-01T10:00:00Z'), 3)).toBe('2026-12-04'); // Tuesday → Friday
    expect(addBusinessDays(new Date('2026-12-03T23:59:00Z'), 3)).toBe('2026-12-08'); // Thursday → Tuesday
    expect(addBusinessDays(new Date('2026-12-05T08:00:00Z'), 3)).toBe('2026-12-09'); // Saturday → Wednesday
  });
});
