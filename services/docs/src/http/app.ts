import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { httpMetrics, type Logger } from '@sv/platform';
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';
import type { DocsDocuments } from '../app/documents/served-documents.ts';
import { serveDocument } from './document-routes.ts';
import { healthRoute } from './health-route.ts';
import { REFERENCE_SCRIPT, RENDERER_ASSETS, referenceInitializer, referencePage } from './reference-page.ts';
import { safeHeaders } from './safe-headers.ts';

export interface DocsAppDeps {
  documents: DocsDocuments;
  /** The API servers the OpenAPI document lists (the reference page may call them). */
  apiServers: readonly string[];
  logger: Logger;
}

/** The docs host: the generated descriptions, the rendered reference and a health probe. */
export const createDocsApp = ({ documents, apiServers, logger }: DocsAppDeps): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    httpMetrics<Request>('docs', (req) =>
      req.originalUrl.startsWith(`${RENDERER_ASSETS}/`) ? RENDERER_ASSETS : ((req.route as { path?: string } | undefined)?.path ?? 'unmatched'),
    ),
  );
  app.use(safeHeaders(apiServers));
  app.get('/health', healthRoute);
  app.get('/openapi.json', serveDocument(documents.openApiJson));
  app.get('/openapi.yaml', serveDocument(documents.openApiYaml));
  app.get('/asyncapi.json', serveDocument(documents.asyncApiJson));
  app.get('/', referencePage);
  app.get(REFERENCE_SCRIPT, referenceInitializer);
  // The renderer's files, from the installed package: the page loads nothing from the internet.
  app.use(RENDERER_ASSETS, express.static(getAbsoluteFSPath(), { index: false, maxAge: '1h' }));
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ error: 'Not found.' });
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err: error, path: req.path }, 'request failed');
    res.status(500).json({ error: 'Internal server error.' });
  });
  return app;
};
