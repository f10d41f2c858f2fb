import { formatMicros, parseMicros, roundMicrosToMinor } from '../src/app/finance/finance-money.ts';

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
