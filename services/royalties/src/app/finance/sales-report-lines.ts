import { checkSalesLine, type LocatedSalesLine, type RawSalesLine, type SalesColumn, type SalesLine } from '@sv/reports';

/** A fault of one line, keyed by where it is (`row 4, column amount`, `lines.3.amount`, `line 12, SU02`). */
export interface LineFault {
  key: string;
  message: string;
}

/**
 * A report line as read and checked, whatever the file: a CSV row, a JSON line or a DSR usage
 * record. `row` is where it is in the file (the CSV's row, the DSR's line), so a row is found again.
 */
export interface ReadLine {
  row: number;
  /** The currency the line's amount is in where the file names one per line (a DSR's summary records); else null. */
  currency: string | null;
  checked: { ok: true; line: SalesLine } | { ok: false; faults: LineFault[] };
}

const checked = (raw: RawSalesLine, keyOf: (column: SalesColumn) => string): ReadLine['checked'] => {
  const check = checkSalesLine(raw);
  return check.ok ? check : { ok: false, faults: check.errors.map((error) => ({ key: keyOf(error.column), message: error.message })) };
};

/** A row of a sales report CSV as the shared report intake located it, checked. */
export const csvReadLine = (located: LocatedSalesLine): ReadLine => ({ row: located.row, currency: null, checked: checked(located.raw, located.keyOf) });

/** The lines of a JSON report, keyed by their path in the body (`lines.3.amount`). */
export async function* jsonReadLines(lines: readonly RawSalesLine[]): AsyncGenerator<ReadLine> {
  for (const [index, raw] of lines.entries()) yield { row: index + 1, currency: null, checked: checked(raw, (column) => `lines.${index}.${column}`) };
}
