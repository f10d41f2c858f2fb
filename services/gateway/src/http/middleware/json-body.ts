import express, { type RequestHandler } from 'express';

/** Room for the request envelope (principal, params, query) around the body on NATS. */
const ENVELOPE_ALLOWANCE_BYTES = 16 * 1024;
const JSON_BODY_CEILING_BYTES = 10 * 1024 * 1024;

/**
 * JSON bodies ride NATS to the owning service, so they are capped below the server's
 * max_payload (1 MB by default); anything bigger must be an upload.
 */
export const jsonBodyLimitBytes = (natsMaxPayload: number): number =>
  Math.min(JSON_BODY_CEILING_BYTES, Math.max(0, natsMaxPayload - ENVELOPE_ALLOWANCE_BYTES));

export const jsonBody = (limitBytes: number): RequestHandler =>
  express.json({ limit: limitBytes, type: ['application/json', 'application/*+json'] });
