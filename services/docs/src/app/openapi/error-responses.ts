import { ErrorReplyBody, Header, Messages, type ErrorStatus } from '@sv/contracts';
import { responseHeaders } from './common-headers.ts';
import { toJsonSchema } from './json-schema.ts';
import type { JsonSchema, Reference, Response } from './openapi-types.ts';

/** The spec's error body (Errors), shared by every error response. */
export const ERROR_BODY_SCHEMA = 'ErrorBody';

interface ErrorKind {
  /** The component name (components.responses). */
  name: string;
  description: string;
  example: Record<string, unknown>;
}

const failure = (error: string, errors?: Record<string, unknown>) => ({ success: false, error, ...(errors ? { errors } : {}) });

/** What each error status means (spec, Errors), with one of its named messages as the example. */
const ERROR_KINDS: Record<ErrorStatus, ErrorKind> = {
  400: {
    name: 'BadRequest',
    description: 'Malformed body or query, a missing header, an Idempotency-Key over 255 characters, or an unsupported X-API-Version header.',
    example: failure(Messages.idempotencyKeyTooLong),
  },
  401: { name: 'Unauthorized', description: 'The token is missing, invalid, expired or revoked.', example: failure(Messages.tokenMissing) },
  402: {
    name: 'PaymentRequired',
    description:
      "The tenant's oldest open invoice is more than 7 days past due (every authenticated request, until paid), " +
      "or the plan's yearly release allowance is used up (release submit). The overdue-invoice body is exactly `{error}`.",
    example: { error: Messages.invoiceOverdue },
  },
  403: {
    name: 'Forbidden',
    description: 'The role, scope or tenant hierarchy does not allow it, or the user or workspace is suspended.',
    example: failure(Messages.forbidden),
  },
  404: {
    name: 'NotFound',
    description: 'Not found, or not visible to this tenant (a malformed identifier names nothing either).',
    example: failure(Messages.releaseNotFound),
  },
  409: {
    name: 'Conflict',
    description:
      'A state refusal, a uniqueness clash, a stale update, a blocked store, a limit reached, or a request with the same Idempotency-Key still in progress.',
    example: failure(Messages.onlyDraftOrRejectedSubmit),
  },
  413: { name: 'PayloadTooLarge', description: 'The file or batch is too large.', example: failure(Messages.fileTooLarge(20)) },
  415: { name: 'UnsupportedMediaType', description: 'The file type is not allowed for this upload.', example: failure(Messages.fileTypeNotAllowed('application/pdf', 'image')) },
  422: {
    name: 'ValidationFailed',
    description: 'Validation failed: `errors` maps each field path to its messages. Also an Idempotency-Key reused with another body.',
    example: failure(Messages.validationFailed, { title: ['The title field is required.'] }),
  },
  429: { name: 'TooManyRequests', description: 'Rate limit reached; wait `Retry-After` seconds.', example: failure(Messages.tooManyRequests) },
  502: { name: 'BadGateway', description: 'The payment provider could not be reached or refused to initialise the payment.', example: failure('Payment initialisation failed.') },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database or the owning service is unreachable (or not built yet); retry with backoff.',
    example: failure(Messages.serviceUnavailable),
  },
};

/** components.schemas entries the error responses refer to. */
export const errorSchemas = (): Record<string, JsonSchema> => ({
  [ERROR_BODY_SCHEMA]: {
    ...toJsonSchema(ErrorReplyBody, 'output'),
    description: '`{success:false, error, errors}`. `errors` maps field paths to messages on 422; an unhandled 500 adds `reference`.',
  },
});

/** components.responses: one shared response per error status. */
export const errorResponseComponents = (): Record<string, Response> =>
  Object.fromEntries(
    Object.entries(ERROR_KINDS).map(([status, kind]) => [
      kind.name,
      {
        description: kind.description,
        headers: responseHeaders({ counted: true, extra: status === '429' ? [Header.retryAfter] : [] }),
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_BODY_SCHEMA}` }, example: kind.example } },
      },
    ]),
  );

/** A route's error status, pointing at the shared response. */
export const errorResponseRef = (status: ErrorStatus): Reference => ({ $ref: `#/components/responses/${ERROR_KINDS[status].name}` });
