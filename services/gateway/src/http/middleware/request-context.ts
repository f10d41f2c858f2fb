import type { NextFunction, Request, Response } from 'express';
import { API_REVISION, API_VERSION, Header, SANDBOX_ENV_HEADER_VALUE, type Environment } from '@sv/contracts';
import { newRequestId, withRequestId, type Logger } from '@sv/platform';

const EXPOSED_HEADERS = [
  Header.apiVersion,
  Header.apiRevision,
  Header.requestId,
  Header.rateLimitLimit,
  Header.rateLimitRemaining,
  Header.rateLimitReset,
  Header.retryAfter,
  Header.idempotentReplay,
  Header.env,
  'Link',
].join(', ');

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * First in the chain: a request id (the caller's, when well-formed), the headers every response
 * carries whatever its status, the request-id context for logs and NATS, and one access-log line.
 */
export const requestContext =
  (environment: Environment, logger: Logger) =>
  (req: Request, res: Response, next: NextFunction): void => {
    const inbound = req.get(Header.requestId);
    const requestId = inbound && SAFE_REQUEST_ID.test(inbound) ? inbound : newRequestId();
    res.locals.requestId = requestId;
    res.set(Header.requestId, requestId);
    res.set(Header.apiVersion, API_VERSION);
    res.set(Header.apiRevision, API_REVISION);
    res.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (environment === 'sandbox') res.set(Header.env, SANDBOX_ENV_HEADER_VALUE);
    const started = performance.now();
    res.on('finish', () => {
      logger.info(
        {
          request_id: requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          duration_ms: Math.round(performance.now() - started),
        },
        'request',
      );
    });
    withRequestId(requestId, () => next());
  };
