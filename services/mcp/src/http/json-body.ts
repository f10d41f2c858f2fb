import express, { type RequestHandler } from 'express';
import { MAX_NESTING_DEPTH } from '@sv/platform';
import { nestsDeeperThan } from './json-depth.ts';

/**
 * A tool's arguments sit three levels into a JSON-RPC message (message, params, arguments), and
 * become the body the gateway takes with the platform's nesting limit: the same limit here.
 */
export const MAX_MESSAGE_DEPTH = MAX_NESTING_DEPTH + 3;

/** A body refused before it is parsed; `type` tells the error handler which answer it gets. */
class BodyRefusal extends Error {
  readonly status: number;
  readonly type: string;

  constructor(status: number, type: string, message: string) {
    super(message);
    this.status = status;
    this.type = type;
  }
}

export const BodyMessages = {
  tooDeep: `Invalid request: the JSON nests objects or arrays more than ${MAX_MESSAGE_DEPTH} levels deep.`,
  notUtf8: 'Unsupported charset: send the JSON as UTF-8.',
} as const;

/**
 * JSON bodies of up to `limitBytes`, their nesting judged from the raw bytes before they are
 * parsed: a message nested thousands deep is refused here instead of overflowing a stack in
 * whatever walks it later (validation, serialising it for the gateway).
 */
export const jsonBody = (limitBytes: number): RequestHandler =>
  express.json({
    limit: limitBytes,
    verify: (_req, _res, bytes, encoding) => {
      // JSON between systems is UTF-8 (RFC 8259); the byte scan below relies on it.
      if (!/^utf-?8$/i.test(encoding)) throw new BodyRefusal(415, 'charset.not.utf8', BodyMessages.notUtf8);
      if (nestsDeeperThan(bytes.length, (index) => bytes[index] ?? 0, MAX_MESSAGE_DEPTH)) {
        throw new BodyRefusal(400, 'entity.too.deep', BodyMessages.tooDeep);
      }
    },
  });
