import { shutdownTracing } from './tracing/tracing-shutdown.ts';
import type { Logger } from './log/logger.ts';

/**
 * Stops the process cleanly on SIGTERM/SIGINT: `close` drains NATS and closes the ORM. A second
 * signal, or a close that hangs past the grace period, exits at once.
 */
export const exitOnSignals = (logger: Logger, close: () => Promise<void>, graceMs = 15_000): void => {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    close()
      .then(shutdownTracing)
      .then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
};
