/** Where in a report file a refusal points: its line, and the cell by position (1-based) and name. */
export interface ReportPlace {
  line?: number | null;
  column?: number | null;
  field?: string | null;
}

const describe = ({ line, column, field }: ReportPlace): string => {
  const parts: string[] = [];
  if (line != null) parts.push(`line ${line}`);
  if (column != null) parts.push(field ? `column ${column} (${field})` : `column ${column}`);
  else if (field) parts.push(`column ${field}`);
  return parts.join(', ');
};

/**
 * A report file that cannot be read as it stands: the whole file is refused. `reason` is the bare
 * message (what a caller shows beside its own field); `message` adds where, when it is known.
 */
export class ReportFileError extends Error {
  override readonly name = 'ReportFileError';
  /** The file's line (the first is 1); null when the refusal is about the file as a whole. */
  readonly line: number | null;
  /** The cell's position on its line, from 1; null when unknown or not about one cell. */
  readonly column: number | null;
  /** The cell's name in its layout (`NumberOfStreams`, `isrc`); null when not about one cell. */
  readonly field: string | null;
  readonly reason: string;

  constructor(place: ReportPlace, reason: string) {
    const where = describe(place);
    super(where === '' ? reason : `${where}: ${reason}`);
    this.line = place.line ?? null;
    this.column = place.column ?? null;
    this.field = place.field ?? null;
    this.reason = reason;
  }
}
