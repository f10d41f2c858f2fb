import type { NextFunction, Request, Response } from 'express';

/** Origins of the API servers, which the reference page's "try it out" calls. */
const originOf = (url: string): string => new URL(url).origin;

/**
 * Browser-facing headers on every answer: nothing is sniffed into another type, nothing is
 * framed, no referrer leaves, and the page runs only this host's scripts (the renderer is served
 * from here, never fetched from the internet). Inline styles are allowed because the renderer
 * sets them; requests may go to this host and to the API servers the document lists.
 */
export const safeHeaders = (apiServers: readonly string[]) => {
  const connect = ["'self'", ...new Set(apiServers.map(originOf))].join(' ');
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.set({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': policy,
    });
    next();
  };
};
