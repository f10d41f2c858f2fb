import type { Request, Response } from 'express';

/** GET /health: the documents are built before the listener opens, so a running process is ready. */
export const healthRoute = (_req: Request, res: Response): void => {
  res.json({ status: 'ok' });
};
