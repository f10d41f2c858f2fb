import { Messages } from '@sv/contracts';
import { decimalToMicros, LARGEST_LINE_MICROS, type UsageRow } from '@sv/reports';
import { formatMicros } from './finance-money.ts';
import type { LineFault, ReadLine } from './sales-report-lines.ts';

/**
 * What a DSR usage record is worth to finance: the net revenue the store reports for it. That is
 * the record's own NetRevenue where the profile gives one (UGC SU03, the record-company SR08), else
 * its pro rata share of its summary record's NetRevenue (Basic Audio SU01/SU02, Audio-Visual
 * SU02/SU04, which carry none). The UGC licensor amounts (LI01) are not used: the intake sums every
 * rights controller's, not the recipient's alone. What consumers paid is not revenue.
 */
export const netRevenueOf = (usage: UsageRow): string | null => usage.netRevenue ?? usage.revenueShare;

const revenueMicros = (usage: UsageRow): { micros: bigint } | { fault: string } => {
  const revenue = netRevenueOf(usage);
  if (revenue === null) return { fault: Messages.salesReportNoRevenue };
  const micros = decimalToMicros(revenue);
  if (micros === undefined) return { fault: Messages.salesReportRevenueDecimals };
  if (micros < 0n) return { fault: Messages.salesReportNegativeRevenue };
  if (micros > LARGEST_LINE_MICROS) return { fault: Messages.salesReportRevenueTooLarge(formatMicros(LARGEST_LINE_MICROS)) };
  return { micros };
};

/**
 * A DSR usage record as a sales line of the recording it names (its ISRC, else its release's
 * ICPN as the UPC), sold by `store` (the file's sender): its usages, territory and net revenue in
 * the currency of its summary record. A usage naming neither code is kept, as a line nothing matches.
 */
export const salesLineOfUsage = (usage: UsageRow, store: string): ReadLine => {
  const revenue = revenueMicros(usage);
  if ('fault' in revenue) {
    const fault: LineFault = { key: `line ${usage.line}, ${usage.recordType}`, message: revenue.fault };
    return { row: usage.line, currency: usage.currency, checked: { ok: false, faults: [fault] } };
  }
  return {
    row: usage.line,
    currency: usage.currency,
    checked: {
      ok: true,
      line: { isrc: usage.isrc, upc: usage.icpn, territory: usage.territory, store, units: usage.usages, amountMicros: revenue.micros },
    },
  };
};
