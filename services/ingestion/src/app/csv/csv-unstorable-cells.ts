import { unstorableTextProblem, withoutUnstorableCharacters } from '@sv/platform';
import { UnreadableSubmissionError } from '../jobs/job-plan.ts';

/** A file full of NULs (a UTF-16 export) gets a bounded answer, not one entry per cell. */
const MAX_REPORTED_CELLS = 20;

export const csvUnstorableCell = (column: string, problem: string): string =>
  `The ${column} holds ${problem}, which cannot be stored; remove it and upload the CSV again.`;

export const csvHoldsUnstorableText = (cell: string, problem: string): string =>
  `The CSV holds ${problem} at ${cell}; such text cannot be stored. See validation_errors.`;

/**
 * Cells whose text no service can store (NUL, a lone surrogate), collected as the CSV is read.
 * Such a file is refused as a whole, not release by release: a NUL is the mark of a file saved
 * in another encoding or damaged, so no release read from it can be trusted.
 */
export class UnstorableCells {
  private readonly found: Record<string, string[]> = {};
  private first: { cell: string; problem: string } | undefined;
  private count = 0;

  /** True once enough cells are known to stop reading. */
  get full(): boolean {
    return this.count >= MAX_REPORTED_CELLS;
  }

  /** Checks one record: cells under a header by their column's name, the header's own (no header given) by position. */
  check(row: number, values: readonly string[], header?: readonly string[]): void {
    values.forEach((value, index) => {
      const problem = unstorableTextProblem(value);
      if (!problem || this.full) return;
      const name = header?.[index];
      const column = name ? withoutUnstorableCharacters(name) : String(index + 1);
      const cell = `row ${row}, column ${column}`;
      this.found[cell] = [csvUnstorableCell(name ? column : `value in column ${column}`, problem)];
      this.first ??= { cell, problem };
      this.count += 1;
    });
  }

  /** The job's failure when any cell held such text. */
  failure(): UnreadableSubmissionError | undefined {
    return this.first ? new UnreadableSubmissionError(csvHoldsUnstorableText(this.first.cell, this.first.problem), { ...this.found }) : undefined;
  }
}
