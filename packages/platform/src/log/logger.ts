import { pino, type DestinationStream, type Logger } from 'pino';
import { currentTraceIds } from '../tracing/nats-trace.ts';
import { currentRequestId } from './request-context.ts';

export type { Logger };

/** Paths never written to a log line, whatever the caller passes. */
export const REDACTED_PATHS = [
  'password',
  'new_password',
  'current_password',
  'secret',
  'token',
  'key',
  'api_key',
  'authorization',
  'cookie',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.secret',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.key',
  '*.api_key',
  '*.authorization',
  '*.Authorization',
  '*.cookie',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  'body.secret',
];

export interface LoggerOptions {
  service: string;
  env: string;
  level: string;
  pretty?: boolean;
  /** Where lines go (stdout by default); tests capture them. */
  destination?: DestinationStream;
}

/** pino JSON logger; every line carries the service, env, the current request id and, inside a trace, its trace and span ids. */
export const createLogger = (options: LoggerOptions): Logger =>
  pino(
    {
    level: options.level,
    base: { service: options.service, env: options.env },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const requestId = currentRequestId();
      const traceIds = currentTraceIds();
      return requestId ? { request_id: requestId, ...traceIds } : (traceIds ?? {});
    },
    ...(options.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              colorize: true,
              translateTime: 'SYS:HH:MM:ss.l',
              ignore: 'pid,hostname,service,env',
              messageFormat: '[{service}:{env}] {msg}',
              singleLine: true,
            },
          },
        }
      : {}),
    },
    options.destination ?? (options.pretty ? undefined : asyncStdout()),
  );

/**
 * stdout written asynchronously: under load, lines written while a write is in flight go out
 * together in the next one instead of each blocking the event loop. pino flushes what is left
 * synchronously when the process exits.
 */
const asyncStdout = (): DestinationStream => pino.destination({ dest: 1, sync: false });
