import { ReportFileError } from '../report-file-error.ts';
import { decimalToMicros, normaliseDecimal } from '../values/decimal.ts';
import { formatMicros, microsDecimal } from '../values/micros.ts';
import type { DsrSummary } from './dsr-summaries.ts';
import type { UsageRow } from './usage-row.ts';

/** floor(dividend / divisor) for a positive divisor; bigint division alone truncates a negative quotient toward zero. */
const floorDivide = (dividend: bigint, divisor: bigint): bigint => {
  const quotient = dividend / divisor;
  return dividend % divisor !== 0n && dividend < 0n ? quotient - 1n : quotient;
};

interface SummaryTally {
  /** The summary's NetRevenue in micro-units (N) and the usages it states (T). */
  revenue: bigint;
  stated: bigint;
  /** Usages of its rows shared to so far (C), and the micro-units handed out. */
  usages: bigint;
  shared: bigint;
  /**
   * The same in numbers, with N as quotient × T + rest (0 <= rest < T), where every figure below
   * stays a safe integer (|N| + T and T × T do): floor(N × C / T) is then quotient × C +
   * floor(rest × C / T), as exact without bigint work per row. Null otherwise.
   */
  small: { quotient: number; rest: number; stated: number; usages: number; shared: number } | null;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const smallTally = (revenue: bigint, stated: bigint): SummaryTally['small'] => {
  if (stated === 0n || (revenue < 0n ? -revenue : revenue) + stated > SAFE || stated * stated > SAFE) return null;
  const quotient = floorDivide(revenue, stated);
  return { quotient: Number(quotient), rest: Number(revenue - quotient * stated), stated: Number(stated), usages: 0, shared: 0 };
};

/** How much of one summary's NetRevenue its rows were given. */
export interface SummaryShareTotal {
  summaryRecordId: string;
  /** The usages the summary states, and those its rows held. */
  statedUsages: number;
  rowUsages: number;
  netRevenue: string;
  /** The sum of the rows' shares: the whole NetRevenue once the rows hold every usage the summary states. */
  shared: string;
}

/**
 * Shares each summary record's NetRevenue out over the usage rows that point at it and carry no
 * revenue of their own (the Basic Audio Profile's SU01/SU02, the audio-visual SU04), pro rata by
 * usages, in micro-units and without a float. With N the NetRevenue, T the usages the summary
 * states, and P and C its rows' usages before and including this row, a row's share is
 * floor(N × C / T) − floor(N × P / T). The floors cancel out when summed, so the rows of a summary
 * add up to exactly floor(N × C / T): its whole NetRevenue once they hold all T usages.
 *
 * Summary records come before the blocks, so each row is shared as it is read. One instance serves
 * one report: the files of a multi-file report share it, so their rows together come to the total.
 */
export class SummaryRevenueShares {
  readonly #tallies = new Map<string, SummaryTally>();

  #tallyOf(summary: DsrSummary): SummaryTally | null {
    const known = this.#tallies.get(summary.id);
    if (known) return known;
    if (summary.netRevenue === null || summary.usages === null) return null;
    const revenue = decimalToMicros(summary.netRevenue);
    if (revenue === undefined) {
      throw new ReportFileError({ line: summary.line, field: 'NetRevenue' }, `has more than 6 decimals (${summary.netRevenue}): it cannot be shared out in micro-units`);
    }
    const stated = BigInt(summary.usages);
    const tally = { revenue, stated, usages: 0n, shared: 0n, small: smallTally(revenue, stated) };
    this.#tallies.set(summary.id, tally);
    return tally;
  }

  #tooMany(row: UsageRow, summary: DsrSummary, usages: string, stated: string): never {
    throw new ReportFileError(
      { line: row.line },
      `brings the usages of summary record ${JSON.stringify(summary.id)} to ${usages}, more than the ${stated} it states: its NetRevenue cannot be shared out`,
    );
  }

  /**
   * The row's share of its summary's NetRevenue, an exact decimal in the summary's currency; null
   * where the row carries revenue of its own, or the summary states no NetRevenue or no usages.
   * Refuses a row that takes its summary's usages beyond what the summary states.
   */
  shareOf(row: UsageRow, summary: DsrSummary): string | null {
    if (row.netRevenue !== null) return null;
    const tally = this.#tallyOf(summary);
    if (!tally) return null;
    const small = tally.small;
    if (small) {
      const usages = small.usages + row.usages;
      if (usages > small.stated) this.#tooMany(row, summary, String(usages), String(small.stated));
      // rest × usages is below T × T, and the remainder makes its division exact.
      const part = small.rest * usages;
      const upTo = small.quotient * usages + (part - (part % small.stated)) / small.stated;
      const share = upTo - small.shared;
      small.usages = usages;
      small.shared = upTo;
      return microsDecimal(share);
    }
    const usages = tally.usages + BigInt(row.usages);
    if (usages > tally.stated) this.#tooMany(row, summary, String(usages), String(tally.stated));
    const upTo = tally.stated === 0n ? 0n : floorDivide(tally.revenue * usages, tally.stated);
    const share = upTo - tally.shared;
    tally.usages = usages;
    tally.shared = upTo;
    return normaliseDecimal(formatMicros(share));
  }

  /** What each summary shared so far gave its rows, in the order first shared. */
  totals(): SummaryShareTotal[] {
    return [...this.#tallies].map(([summaryRecordId, tally]) => ({
      summaryRecordId,
      statedUsages: Number(tally.stated),
      rowUsages: tally.small ? tally.small.usages : Number(tally.usages),
      netRevenue: normaliseDecimal(formatMicros(tally.revenue)),
      shared: normaliseDecimal(formatMicros(tally.small ? BigInt(tally.small.shared) : tally.shared)),
    }));
  }
}
