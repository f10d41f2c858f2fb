import type { Request, RequestHandler, Response } from 'express';
import type { ServedDocument } from '../app/documents/served-documents.ts';

/**
 * Serves a prepared document. Any origin may read it (the descriptions are public and tools load
 * them cross-origin); no credentials are involved.
 */
export const serveDocument =
  (document: ServedDocument): RequestHandler =>
  (_req: Request, res: Response): void => {
    res.set('Access-Control-Allow-Origin', '*').type(document.contentType).send(document.body);
  };
