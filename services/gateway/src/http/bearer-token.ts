import type { Request } from 'express';

/** The token of `Authorization: Bearer <token>` (scheme case-insensitive), or undefined. */
export const bearerToken = (req: Request): string | undefined => {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
};
