import { pino, type Logger } from 'pino';

export interface CapturedLogger {
  logger: Logger;
  lines: Record<string, unknown>[];
}

/** A pino logger whose lines are kept in memory, so a test can assert what was logged. */
export const captureLogger = (level = 'debug'): CapturedLogger => {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level },
    {
      write: (line: string) => {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  return { logger, lines };
};

export const silentLogger = (): Logger => pino({ level: 'silent' });
