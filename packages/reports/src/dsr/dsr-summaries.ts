import { ReportFileError } from '../report-file-error.ts';
import { readAmount, readCount, readCurrency, readDay, readText, readTerritory } from '../values/cell-values.ts';
import { addDecimals } from '../values/decimal.ts';
import { cellsOf } from './dsr-cells.ts';
import { SUMMARIES, SY10_PERIOD } from './dsr-layouts.ts';
import type { DsrRecord } from './dsr-record.ts';

/** A summary record: the commercial model, use type, territory and currency of the usages pointing at it. */
export interface DsrSummary {
  id: string;
  line: number;
  recordType: string;
  commercialModel: string;
  useType: string;
  territory: string;
  /** The usages the store counts for the whole summary; null when the record gives none. */
  usages: number | null;
  currency: string | null;
  /** The store's net revenue for the summary (the basis a share of usages is paid from); null when not given. */
  netRevenue: string | null;
  /** The period it covers where the record names one (SY10). */
  period: { start: string; end: string } | null;
}

const readSummary = (record: DsrRecord): DsrSummary => {
  const cells = cellsOf(record, SUMMARIES[record.family]!);
  const usages = cells.text('Usages').trim();
  // Revenue split by licensor comes as several values; the summary's is their sum.
  const revenues = cells.values('NetRevenue').map((value) => readAmount(value, cells.at('NetRevenue'), { required: true })!);
  let period: DsrSummary['period'] = null;
  if (record.family === 'SY10') {
    const at = (column: number, field: string) => ({ line: record.line, column, field });
    const start = readDay(record.raw[SY10_PERIOD.ReportingPeriodStartDate - 1], at(SY10_PERIOD.ReportingPeriodStartDate, 'ReportingPeriodStartDate'), { compact: true });
    const end = readDay(record.raw[SY10_PERIOD.ReportingPeriodEndDate - 1], at(SY10_PERIOD.ReportingPeriodEndDate, 'ReportingPeriodEndDate'), { compact: true });
    if (end < start) throw new ReportFileError(at(SY10_PERIOD.ReportingPeriodEndDate, 'ReportingPeriodEndDate'), `is before the ReportingPeriodStartDate ${start}`);
    period = { start, end };
  }
  return {
    id: readText(cells.text('SummaryRecordId'), cells.at('SummaryRecordId'), { required: true }),
    line: record.line,
    recordType: record.type,
    commercialModel: readText(cells.text('CommercialModel'), cells.at('CommercialModel'), { required: true }),
    useType: readText(cells.text('UseType'), cells.at('UseType'), { required: true }),
    territory: readTerritory(cells.text('Territory'), cells.at('Territory')),
    usages: usages === '' ? null : readCount(usages, cells.at('Usages')),
    currency: readCurrency(cells.text('Currency'), cells.at('Currency')),
    netRevenue: revenues.length === 0 ? null : addDecimals(...revenues),
    period,
  };
};

/** Whether two summary records with one id describe the same usages (a store may repeat one per rights controller). */
const sameUsages = (a: DsrSummary, b: DsrSummary): boolean =>
  a.commercialModel === b.commercialModel && a.useType === b.useType && a.territory === b.territory && a.currency === b.currency;

/** More distinct summary records than any store sends (one per service, territory and model); more is a misread file. */
export const MOST_SUMMARIES = 100_000;

/** The file's summary records by id, as they are read. */
export class DsrSummaries {
  readonly #byId = new Map<string, DsrSummary>();
  /** Every summary record read, repeats included (the footer counts them all). */
  count = 0;

  add(record: DsrRecord): DsrSummary {
    const summary = readSummary(record);
    this.count += 1;
    const earlier = this.#byId.get(summary.id);
    if (earlier && !sameUsages(earlier, summary)) {
      throw new ReportFileError(
        { line: record.line, column: 2, field: 'SummaryRecordId' },
        `${JSON.stringify(summary.id)} was already given, on line ${earlier.line}, to other usages (${earlier.commercialModel}, ${earlier.useType}, ${earlier.territory})`,
      );
    }
    if (!earlier && this.#byId.size >= MOST_SUMMARIES) throw new ReportFileError({ line: record.line }, `is one summary record more than the ${MOST_SUMMARIES} a file may hold`);
    if (!earlier) this.#byId.set(summary.id, summary);
    return summary;
  }

  get(id: string): DsrSummary | undefined {
    return this.#byId.get(id);
  }

  /** The only summary of the file, for a usage that names none; undefined when there are several. */
  only(): DsrSummary | undefined {
    return this.#byId.size === 1 ? [...this.#byId.values()][0] : undefined;
  }

  all(): DsrSummary[] {
    return [...this.#byId.values()];
  }
}
