import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { strictTransportSecurity } from 'helmet';

const TLS_ONLY = strictTransportSecurity();

/**
 * HSTS only on requests that reached the edge over TLS: the gateway itself speaks plain http
 * behind a TLS-terminating proxy, and `req.secure` believes X-Forwarded-Proto only from the
 * trusted proxies. Browsers ignore the header over plain http, so it is not sent there.
 */
const hstsWhenSecure = (req: Request, res: Response, next: NextFunction): void => {
  if (req.secure) TLS_ONLY(req, res, next);
  else next();
};

/**
 * Browser-facing headers on every response, errors included: helmet's defaults (nosniff, so a JSON
 * body is never sniffed into HTML or script; frame, referrer and resource policies; a CSP that
 * is harmless for JSON) and HSTS over TLS.
 */
export const securityHeaders = (): RequestHandler[] => [helmet({ strictTransportSecurity: false }), hstsWhenSecure];
