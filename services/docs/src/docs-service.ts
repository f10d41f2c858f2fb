import type { AddressInfo } from 'node:net';
import { createKeepAliveServer, createLogger, startHealthServer, type Logger } from '@sv/platform';
import { buildServedDocuments } from './app/documents/served-documents.ts';
import type { DocsConfig } from './config.ts';
import { createDocsApp } from './http/app.ts';

export interface DocsService {
  logger: Logger;
  /** Where it listens, e.g. http://127.0.0.1:8084. */
  url: string;
  stop(): Promise<void>;
}

/** Builds the descriptions, then opens the listener: nothing is answered before they exist. */
export const startDocs = async (config: DocsConfig): Promise<DocsService> => {
  // One docs host describes both environments, so its lines name neither.
  const logger = createLogger({ service: 'docs', env: 'shared', level: config.logLevel, pretty: config.logPretty });
  const started = Date.now();
  const apiServers = [config.publicBaseUrl, config.sandboxBaseUrl];
  const documents = buildServedDocuments({ publicBaseUrl: config.publicBaseUrl, sandboxBaseUrl: config.sandboxBaseUrl });
  logger.info({ duration_ms: Date.now() - started }, 'documents built');
  const app = createDocsApp({ documents, apiServers, logger });
  const server = createKeepAliveServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.httpPort, config.httpHost, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.httpHost}:${port}`;
  // Nothing to check beyond the process: the documents are built before anything listens.
  const health = await startHealthServer(config.healthPort, async () => ({ documents: { ok: true } }), config.probeHost);
  logger.info({ url, health_port: (health.address() as AddressInfo).port }, 'docs listening');
  return {
    logger,
    url,
    stop: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await new Promise<void>((resolve) => health.close(() => resolve()));
    },
  };
};
