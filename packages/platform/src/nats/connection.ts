import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';

export type { NatsConnection };

/** Connects with endless reconnects: a NATS restart must not kill a service. */
export const connectNats = async (url: string, name: string, logger: Logger): Promise<NatsConnection> => {
  const nc = await connect({
    servers: url.split(',').map((server) => server.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // Without this the client builds two Error objects (with stack traces) for every request,
    // only to enrich a failure's stack; timeouts and no-responders are still reported.
    noAsyncTraces: true,
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'error') {
        logger.warn({ nats: status.type }, 'nats connection status');
      }
    }
  })();
  return nc;
};
