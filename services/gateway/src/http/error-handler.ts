import type { NextFunction, Request, Response } from 'express';
import { Messages } from '@sv/contracts';
import { BadRequestError, DomainError, errorToReply, type Logger } from '@sv/platform';

/** The http-errors shape body-parser throws: a 4xx status meant to be shown to the client. */
const isClientHttpError = (error: unknown): boolean => {
  const { status, expose } = (error ?? {}) as { status?: unknown; expose?: unknown };
  return expose === true && typeof status === 'number' && status >= 400 && status < 500;
};

/** body-parser's own errors, restated in the spec's terms. */
const fromBodyParser = (error: unknown): unknown => {
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') return new BadRequestError(Messages.malformedJson, { code: 'request.malformed_json' });
  if (type === 'entity.too.large') {
    const limit = (error as { limit?: number }).limit ?? 0;
    return new DomainError('payload_too_large', Messages.bodyTooLarge(Math.floor(limit / 1024)), { code: 'request.too_large' });
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new BadRequestError(Messages.malformedJson, { code: 'request.bad_encoding' });
  }
  // Any other refusal of the body reader (a corrupt gzip stream, a length that does not match)
  // is the client's bytes, not our failure.
  if (isClientHttpError(error)) return new BadRequestError(Messages.malformedJson, { code: 'request.unreadable' });
  return error;
};

/** The gateway's one error mapper: whatever was thrown becomes the spec's status and body. */
export const errorHandler =
  (logger: Logger) =>
  (error: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const reply = errorToReply(fromBodyParser(error), logger);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.set(reply.headers).status(reply.status).json(reply.body);
  };
