import express, { type RequestHandler } from 'express';
import { assertSafeText } from './text-safety.ts';

/** Room for the request envelope (principal, params, query) around the body on NATS. */
const ENVELOPE_ALLOWANCE_BYTES = 16 * 1024;
const JSON_BODY_CEILING_BYTES = 10 * 1024 * 1024;

/**
 * JSON bodies ride NATS to the owning service, so they are capped below the server's
 * max_payload (1 MB by default); anything bigger must be an upload.
 */
export const jsonBodyLimitBytes = (natsMaxPayload: number): number =>
  Math.min(JSON_BODY_CEILING_BYTES, Math.max(0, natsMaxPayload - ENVELOPE_ALLOWANCE_BYTES));

/**
 * Parses a JSON body, then refuses (422) one no service should see: NUL or lone surrogates in
 * any string, or nesting past the limit. JSON.parse itself does not recurse, so a hostile depth
 * reaches the check instead of overflowing the stack.
 */
export const jsonBody = (limitBytes: number): RequestHandler => {
  const parse = express.json({ limit: limitBytes, type: ['application/json', 'application/*+json'] });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (error) return next(error);
      try {
        assertSafeText(req.body);
      } catch (refusal) {
        return next(refusal);
      }
      next();
    });
};
