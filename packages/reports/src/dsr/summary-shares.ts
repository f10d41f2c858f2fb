import { ReportFileError } from '../report-file-error.ts';
import { decimalToMicros, normaliseDecimal } from '../values/decimal.ts';
import { formatMicros } from '../values/micros.ts';
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
}

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
    const tally = { revenue, stated: BigInt(summary.usages), usages: 0n, shared: 0n };
    this.#tallies.set(summary.id, tally);
    return tally;
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
    const usages = tally.usages + BigInt(row.usages);
    if (usages > tally.stated) {
      throw new ReportFileError(
        { line: row.line },
        `brings the usages of summary record ${JSON.stringify(summary.id)} to ${usages}, more than the ${tally.stated} it states: its NetRevenue cannot be shared out`,
      );
    }
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
      rowUsages: Number(tally.usages),
      netRevenue: normaliseDecimal(formatMicros(tally.revenue)),
      shared: normaliseDecimal(formatMicros(tally.shared)),
    }));
  }
}
