import { isUnstorableText, unstorableTextProblem } from '@sv/platform/text';
import { ReportFileError } from '../report-file-error.ts';

/*
 * One record of a DSR flat file: cells separated by tabs, the record type (with its version,
 * `SU02.02`) in the first. A backslash makes the next character part of the cell: `\<tab>` is a
 * tab inside a cell, `\|` a pipe that does not separate values, `\\` a backslash. Cells are kept
 * as written (escapes and all) until read, so a multi-value cell can still tell its separators
 * from escaped pipes.
 */

/** More cells than any record type of any profile has; a line with more is not a DSR record. */
export const MOST_CELLS = 512;

export interface DsrRecord {
  line: number;
  /** As written, in upper case: `SU02.02`. */
  type: string;
  /** Without its version: `SU02`. */
  family: string;
  /** Every cell as written, escapes kept; the record type is cell 1. */
  raw: readonly string[];
}

const ESCAPE = '\\';

/** The record type as written and its family, by the first cell as written: a file uses a handful, so each is worked out once. */
const typesByCell = new Map<string, { type: string; family: string }>();
const MOST_TYPES_KEPT = 256;
const LONGEST_TYPE_KEPT = 16;

const typeOf = (cell: string): { type: string; family: string } => {
  const known = typesByCell.get(cell);
  if (known) return known;
  const type = cell.trim().toUpperCase();
  const dot = type.indexOf('.');
  const found = { type, family: dot === -1 ? type : type.slice(0, dot) };
  if (typesByCell.size < MOST_TYPES_KEPT && cell.length <= LONGEST_TYPE_KEPT) typesByCell.set(cell, found);
  return found;
};

/** The cells of a line with a backslash, split character by character at unescaped tabs. */
const splitEscaped = (text: string, line: number): string[] => {
  const raw: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === ESCAPE) {
      if (index + 1 >= text.length) throw new ReportFileError({ line, column: raw.length + 1 }, 'ends with a backslash that escapes nothing');
      index += 1;
    } else if (character === '\t') {
      raw.push(text.slice(start, index));
      start = index + 1;
      if (raw.length >= MOST_CELLS) throw new ReportFileError({ line }, `has more than ${MOST_CELLS} cells`);
    }
  }
  raw.push(text.slice(start));
  return raw;
};

/** The cells of a line, split at unescaped tabs, each checked for text no database can store. */
export const splitRecord = (text: string, line: number): DsrRecord => {
  // Most lines hold no backslash: every tab then separates cells.
  const raw = text.indexOf(ESCAPE) === -1 ? text.split('\t') : splitEscaped(text, line);
  if (raw.length > MOST_CELLS) throw new ReportFileError({ line }, `has more than ${MOST_CELLS} cells`);
  // A tab never splits a surrogate pair, so a line that can be stored whole has no cell that cannot.
  if (isUnstorableText(text)) {
    for (const [index, cell] of raw.entries()) {
      const problem = unstorableTextProblem(cell);
      if (problem) throw new ReportFileError({ line, column: index + 1 }, `contains ${problem}`);
    }
  }
  const { type, family } = typeOf(raw[0]!);
  return { line, type, family, raw };
};

/** A cell's text without its escapes. */
export const unescapeCell = (raw: string): string => (raw.indexOf(ESCAPE) === -1 ? raw : raw.replace(/\\([\s\S])/g, '$1'));

/** The values of a multi-value cell: split at unescaped `|`, each without its escapes; none when empty. */
export const cellValues = (raw: string): string[] => {
  if (raw.trim() === '') return [];
  if (raw.indexOf(ESCAPE) === -1) return raw.indexOf('|') === -1 ? [raw] : raw.split('|');
  const values: string[] = [];
  let start = 0;
  for (let index = 0; index < raw.length; index += 1) {
    if (raw[index] === ESCAPE) index += 1;
    else if (raw[index] === '|') {
      values.push(unescapeCell(raw.slice(start, index)));
      start = index + 1;
    }
  }
  values.push(unescapeCell(raw.slice(start)));
  return values;
};
