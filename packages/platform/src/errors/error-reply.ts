import { randomBytes } from 'node:crypto';
import { Messages } from '@sv/contracts';
import type { Logger } from '../log/logger.ts';
import { DomainError, type ErrorKind } from './domain-errors.ts';

const STATUS_BY_KIND: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  rate_limited: 429,
  unavailable: 503,
};

export interface ErrorReply {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A short reference a client quotes to support; it is in the log line of the failure. */
export const newErrorReference = (): string => randomBytes(5).toString('hex').toUpperCase();

const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '3D000', // the database does not exist (dropped or never created)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** True when the error means the database cannot be reached, rather than a query being wrong. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (current.name === 'ConnectionException') return true;
    if (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) return true;
    if (/Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
};

/** The one place a thrown error becomes the spec's status and error body. */
export const errorToReply = (error: unknown, logger: Logger): ErrorReply => {
  if (!(error instanceof DomainError) && isDatabaseUnavailable(error)) {
    logger.warn({ err: error }, 'database unavailable');
    return { status: 503, headers: {}, body: { success: false, error: Messages.serviceUnavailable } };
  }
  if (error instanceof DomainError) {
    const status = STATUS_BY_KIND[error.kind];
    const body = error.exactBody ?? {
      success: false,
      error: error.message,
      ...(error.fields ? { errors: error.fields } : {}),
    };
    if (status >= 500) logger.warn({ code: error.code }, error.message);
    return { status, headers: error.headers ?? {}, body };
  }
  const reference = newErrorReference();
  logger.error({ err: error, reference }, 'unhandled error');
  return {
    status: 500,
    headers: {},
    body: { success: false, error: Messages.internalError, reference },
  };
};

export const statusOfKind = (kind: ErrorKind): number => STATUS_BY_KIND[kind];
