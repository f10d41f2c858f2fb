import cors from 'cors';
import type { NextFunction, Request, Response } from 'express';

/**
 * CORS for the configured browser origins only, with credentials: the refresh cookie
 * authenticates /auth/refresh, so an echoed Origin (or `null`, which sandboxed frames and local
 * files send) would let any page mint access tokens for a signed-in user. Every other origin gets
 * no CORS headers, and no `*` either: API keys are server-to-server (the spec's Authentication),
 * servers need no CORS, and a key placed in a web page is a key published to its visitors.
 */
export const corsPolicy = (allowedOrigins: readonly string[]) => {
  const allowed = new Set(allowedOrigins);
  const allowListed = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    maxAge: 600,
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    // The answer differs by Origin whether or not it is allowed, so no cache may share it across origins.
    if (allowed.size > 0) res.vary('Origin');
    allowListed(req, res, next);
  };
};
