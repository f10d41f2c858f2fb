import { Messages } from '@sv/contracts';
import { ForbiddenError, NotFoundError, ValidationError } from '@sv/platform';

/**
 * 422: a report file that cannot be read as it stands; the whole file is refused and nothing
 * changes. Says where as `line L, column C: reason` (the column by its name where the layout names
 * it), or the bare reason when it is about the file as a whole (usages that yield no row).
 */
export class MalformedReportError extends ValidationError {
  readonly line: number | null;
  readonly column: string | null;

  constructor(line: number | null, column: string | null, reason: string) {
    const place = [line === null ? null : `line ${line}`, column === null ? null : `column ${column}`].filter((part) => part !== null).join(', ');
    const where = place === '' ? reason : `${place}: ${reason}`;
    super({ file: [where] }, `The report file is malformed: ${where}`);
    this.line = line;
    this.column = column;
  }
}

/** 422: a load names a blob that is not a private file of the caller's tenant, or one that holds nothing. */
export class ReportBlobRefusedError extends ValidationError {
  constructor() {
    // The message says it too: a job that fails on it keeps only the message.
    super({ blob_key: ['The blob_key must name a private file of the tenant.'] }, 'The report file is not a stored private file of the tenant.');
  }
}

/** 404: no report load job of that id in the tenant. */
export class ReportLoadJobNotFoundError extends NotFoundError {
  constructor() {
    super('Report load job not found.', 'report_load_job_not_found');
  }
}

/** 404: the artist is not the tenant's, or not the artist-scoped caller's own. */
export class StreamingArtistNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.artistNotFound, 'artist_not_found');
  }
}

/** 403: report files are loaded by the platform itself (the operator command, the drop folder). */
export class ReportLoadForbiddenError extends ForbiddenError {
  constructor() {
    super(Messages.forbidden, 'streaming.system_only');
  }
}
