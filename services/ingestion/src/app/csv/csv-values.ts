/**
 * The CSV's text cells as the values the registry schema takes. A cell is a string until here;
 * what cannot be read as its column's kind is an error at that cell, in the column's terms.
 */
export type CellValue = { ok: true; value: unknown } | { ok: false; message: string };

const valid = (value: unknown): CellValue => ({ ok: true, value });
const invalid = (message: string): CellValue => ({ ok: false, message });

const FLAGS: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false };

/** `true`, `false`, `yes`, `no`, `1` or `0`, in any case. */
export const flagCell = (column: string, cell: string): CellValue => {
  const flag = FLAGS[cell.toLowerCase()];
  return flag === undefined ? invalid(`The ${column} must be true, false, yes, no, 1 or 0.`) : valid(flag);
};

/** Digits only: the schema then says what range it takes. */
export const wholeNumberCell = (column: string, cell: string): CellValue =>
  /^\d{1,9}$/.test(cell) ? valid(Number(cell)) : invalid(`The ${column} must be a whole number.`);

/** `h:mm:ss` or `m:ss`, as spreadsheets write a length of time. */
const CLOCK = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/;

/** Seconds (`215`), minutes and seconds (`3:35`) or hours, minutes and seconds (`1:02:05`). */
export const durationCell = (column: string, cell: string): CellValue => {
  if (/^\d{1,5}$/.test(cell)) return valid(Number(cell));
  const clock = CLOCK.exec(cell);
  const [, hours, minutes = '', seconds = ''] = clock ?? [];
  if (!clock || (hours !== undefined && Number(minutes) > 59)) return invalid(`The ${column} must be seconds (215) or minutes:seconds (3:35).`);
  return valid(Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds));
};

/** Text as given (the schema trims and bounds it). */
export const textCell = (_column: string, cell: string): CellValue => valid(cell);

/** One of `choices`, in any case (`Single`, `EP`). */
export const choiceCell =
  (choices: readonly string[]) =>
  (column: string, cell: string): CellValue => {
    const choice = cell.toLowerCase();
    return choices.includes(choice) ? valid(choice) : invalid(`The ${column} must be ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}.`);
  };
