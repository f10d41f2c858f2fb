import type { NextFunction, Request, Response } from 'express';
import { API_REVISION, API_VERSION, Header, SANDBOX_ENV_HEADER_VALUE, type Environment } from '@sv/contracts';
import { newRequestId, recordHttpRequest, withRequestId, type Logger } from '@sv/platform';
import { locals } from '../locals.ts';

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
 * carries whatever its status, the request-id context for logs and NATS, one access-log line and
 * the request's metrics (by its registry route, never its raw path).
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
      const seconds = (performance.now() - started) / 1000;
      recordHttpRequest(`gateway-${environment}`, req.method, locals(res).route?.definition.path ?? 'unmatched', res.statusCode, seconds);
      logger.info(
        {
          request_id: requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          duration_ms: Math.round(seconds * 1000),
        },
        'request',
      );
    });
    withRequestId(requestId, () => next());
  };
