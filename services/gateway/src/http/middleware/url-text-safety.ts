import type { NextFunction, Request, Response } from 'express';
import { Messages } from '@sv/contracts';
import { NotFoundError } from '@sv/platform';
import { locals } from '../locals.ts';
import { assertSafeText, unsafeTextErrors } from './text-safety.ts';

/**
 * The URL's text gets the body's rule: a path parameter holding NUL or a lone surrogate names
 * nothing (404, as malformed percent-encoding does), such a query value is refused (422).
 */
export const refuseUnsafeUrlText = (req: Request, res: Response, next: NextFunction): void => {
  if (unsafeTextErrors(locals(res).route?.params ?? {})) throw new NotFoundError(Messages.endpointNotFound, 'route.not_found');
  assertSafeText(req.query);
  next();
};
