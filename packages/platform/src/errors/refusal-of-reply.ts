import type { ParsedServiceReply } from '@sv/contracts';
import { DomainError, UnavailableError, type ErrorKind, type FieldErrors } from './domain-errors.ts';
import { statusOfKind } from './error-reply.ts';

const KIND_BY_STATUS = new Map<number, ErrorKind>(
  (['bad_request', 'forbidden', 'not_found', 'conflict', 'payload_too_large', 'unsupported_media_type', 'validation'] as const).map((kind) => [
    statusOfKind(kind),
    kind,
  ]),
);

/**
 * Another service's refusal of a request made on a caller's behalf, as the same domain error, so
 * the caller sees the status, message and fields the owning service gave. Anything else (a 5xx,
 * an answer this side cannot read) is the service being unavailable.
 */
export const refusalOfReply = (reply: ParsedServiceReply, code: string): DomainError => {
  const kind = KIND_BY_STATUS.get(reply.status);
  const body = (reply.body ?? {}) as { error?: unknown; errors?: unknown };
  if (!kind || typeof body.error !== 'string') return new UnavailableError(undefined, `${code}_${reply.status}`);
  const fields = body.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : undefined;
  return new DomainError(kind, body.error, { code, ...(fields ? { fields } : {}) });
};
