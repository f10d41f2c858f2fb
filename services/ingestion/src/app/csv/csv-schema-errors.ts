import { cellKey, type CsvCell, type CsvReleaseDraft } from './csv-release-body.ts';

/** The cell a field path names: its own, or else the nearest enclosing field's. */
const cellOfPath = (draft: CsvReleaseDraft, path: string): (CsvCell & { exact: boolean }) | undefined => {
  for (let segments = path.split('.'); segments.length > 0; segments = segments.slice(0, -1)) {
    const cell = draft.cells.get(segments.join('.'));
    if (cell) return { ...cell, exact: segments.length === path.split('.').length };
  }
  return undefined;
};

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A schema message in the sheet's terms: the field's path or name (`release.tracks.0.title`,
 * `language`) becomes the column it was read from (`track_title`, `track_language`), where the
 * message names it first (`The language must be an ISO 639-1 language code.`).
 */
const inColumnTerms = (message: string, path: string, column: string): string => {
  const field = path.split('.').at(-1) ?? path;
  return message.replace(new RegExp(`(?<![\\w.])(?:${escaped(path)}|${escaped(field)})(?![\\w.])`), column);
};

/**
 * The registry schema's field errors of a release at the cells they concern (`row N, column X`);
 * an error about the release as a whole (too many tracks) at the release's first row.
 */
export const schemaErrorsAtCells = (draft: CsvReleaseDraft, fields: Record<string, string[]>, firstRow: number): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const cell = cellOfPath(draft, path);
    const key = cell ? cellKey(cell.row, cell.column) : cellKey(firstRow);
    (errors[key] ??= []).push(...(cell?.exact ? messages.map((message) => inColumnTerms(message, path, cell.column)) : messages));
  }
  return errors;
};
