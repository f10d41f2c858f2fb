import { ReportFileError, type ReportPlace } from '../report-file-error.ts';
import { readCount } from '../values/cell-values.ts';
import { cellsOf } from './dsr-cells.ts';
import { FOOT, SRFO } from './dsr-layouts.ts';
import type { DsrRecord } from './dsr-record.ts';

/** What the file was seen to hold, up to and including its footer. */
export interface CountedFile {
  /** Every line, comments and blank ones included. */
  lines: number;
  summaries: number;
  blocks: number;
  /** Whether the file is the whole report (its HEAD says one file). */
  wholeReport: boolean;
}

/** The footer's report-wide totals, for a caller holding every file of a multi-file report to check. */
export interface FooterTotals {
  linesInReport: number | null;
  blocksInReport: number | null;
}

/**
 * Checks a footer's counts against what was read; a count that differs refuses the file, naming
 * the count, what it says and what the file holds. Report-wide counts are checked here only for a
 * one-file report (checkMultiFileReport sums a multi-file report's).
 */
export const checkFooter = (record: DsrRecord, counted: CountedFile): FooterTotals => {
  const expect = (at: ReportPlace, said: number, held: number, what: string) => {
    if (said !== held) throw new ReportFileError(at, `says ${said}, but the file holds ${held} ${what}`);
  };
  if (record.family === 'SRFO') {
    const cells = cellsOf(record, SRFO);
    const lines = readCount(cells.text('NumberOfLinesInReport'), cells.at('NumberOfLinesInReport'), { required: true });
    if (counted.wholeReport) expect(cells.at('NumberOfLinesInReport'), lines, counted.lines, 'lines');
    const summaries = readCount(cells.text('NumberOfSummaryRecords'), cells.at('NumberOfSummaryRecords'), { required: true });
    expect(cells.at('NumberOfSummaryRecords'), summaries, counted.summaries, 'summary records');
    return { linesInReport: lines, blocksInReport: null };
  }
  const cells = cellsOf(record, FOOT);
  const count = (field: Parameters<typeof cells.at>[0]) => readCount(cells.text(field), cells.at(field), { required: true });
  const optional = (field: Parameters<typeof cells.at>[0]) => (cells.text(field).trim() === '' ? null : count(field));
  expect(cells.at('NumberOfLinesInFile'), count('NumberOfLinesInFile'), counted.lines, 'lines');
  expect(cells.at('NumberOfSummaryRecords'), count('NumberOfSummaryRecords'), counted.summaries, 'summary records');
  expect(cells.at('NumberOfBlocksInFile'), count('NumberOfBlocksInFile'), counted.blocks, 'blocks');
  const linesInReport = optional('NumberOfLinesInReport');
  const blocksInReport = optional('NumberOfBlocksInReport');
  if (counted.wholeReport && linesInReport !== null) expect(cells.at('NumberOfLinesInReport'), linesInReport, counted.lines, 'lines');
  if (counted.wholeReport && blocksInReport !== null) expect(cells.at('NumberOfBlocksInReport'), blocksInReport, counted.blocks, 'blocks');
  return { linesInReport, blocksInReport };
};
