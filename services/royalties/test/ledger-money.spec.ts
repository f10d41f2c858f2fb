import { decimalPlaces, plainDecimal } from '@sv/contracts';
import { centsToUsd, decimalToMinor, microsToNumber, minorToDecimal, numberToMinor, roundMicrosToCents } from '../src/app/ledger/money.ts';
import { addBusinessDays } from '../src/app/withdrawals/business-days.ts';

/* The money arithmetic: decimal text to integer units and back, and rounding to cents. */

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
  it('rounds half away from zero', () => {
    expect(roundMicrosToCents(4_999n)).toBe(0n);
    expect(roundMicrosToCents(5_000n)).toBe(1n);
    expect(roundMicrosToCents(-5_000n)).toBe(-1n);
    expect(roundMicrosToCents(-4_999n)).toBe(0n);
    expect(roundMicrosToCents(1_234_565_000n)).toBe(123_457n);
  });
});

describe('estimated arrival', () => {
  it('is three business days later, skipping weekends', () => {
    expect(addBusinessDays(new Date('2026-12-01T10:00:00Z'), 3)).toBe('2026-12-04'); // Tuesday → Friday
    expect(addBusinessDays(new Date('2026-12-03T23:59:00Z'), 3)).toBe('2026-12-08'); // Thursday → Tuesday
    expect(addBusinessDays(new Date('2026-12-05T08:00:00Z'), 3)).toBe('2026-12-09'); // Saturday → Wednesday
  });
});
