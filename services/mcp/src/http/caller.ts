import type { Request } from 'express';
import type { Caller } from '../app/tools/call-tool.ts';
import { ENVIRONMENT_HEADER } from '../app/gateway-client/environments.ts';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The caller's key and environment, read from their request to /mcp; any other credential counts as none. */
export const callerOf = (req: Request): Caller => {
  const bearer = BEARER.exec(req.get('authorization') ?? '');
  return {
    authorization: bearer ? `Bearer ${bearer[1]}` : undefined,
    environmentHeader: req.get(ENVIRONMENT_HEADER),
  };
};
