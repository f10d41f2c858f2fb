import { Messages } from '@sv/contracts';

/**
 * What went wrong, in domain terms. Domain code throws these; exactly one mapper per edge
 * (errors/error-reply.ts) turns a kind into a status code and the spec's error body.
 */
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation'
  | 'rate_limited'
  | 'unavailable';

export type FieldErrors = Record<string, string[]>;

export interface DomainErrorOptions {
  /** Stable identifier of the error, for logs and support (e.g. `artist.slug_taken`). */
  code?: string;
  /** Per-field messages, sent as `errors`. */
  fields?: FieldErrors;
  /** Replaces the whole body where the spec fixes it exactly (the 402 invoice body). */
  exactBody?: Record<string, unknown>;
  /** Extra response headers (Retry-After on 429). */
  headers?: Record<string, string>;
}

export class DomainError extends Error {
  override name = 'DomainError';
  readonly kind: ErrorKind;
  readonly code: string | undefined;
  readonly fields: FieldErrors | undefined;
  readonly exactBody: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(kind: ErrorKind, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.kind = kind;
    this.code = options.code;
    this.fields = options.fields;
    this.exactBody = options.exactBody;
    this.headers = options.headers;
  }
}

export class ValidationError extends DomainError {
  constructor(fields: FieldErrors, message: string = Messages.validationFailed) {
    super('validation', message, { code: 'validation_failed', fields });
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, code = 'not_found') {
    super('not_found', message, { code });
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code = 'conflict') {
    super('conflict', message, { code });
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string = Messages.forbidden, code = 'forbidden') {
    super('forbidden', message, { code });
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string, code = 'unauthorized') {
    super('unauthorized', message, { code });
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, options: DomainErrorOptions = {}) {
    super('bad_request', message, { code: 'bad_request', ...options });
  }
}

export class UnavailableError extends DomainError {
  constructor(message: string = Messages.serviceUnavailable, code = 'unavailable') {
    super('unavailable', message, { code });
  }
}
