import { describeRouteHandlers, untouchedContextMember } from '@sv/testing';
import type { RoyaltiesContext } from '../src/royalties-context.ts';
import { royaltiesOperations } from '../src/nats/operations.ts';

/*
 * The route registry and the royalties service's operation table must agree: every royalties route
 * marked built has a handler, no route marked not built has one, and every handler is a route's.
 */

/** Operations the royalties service answers for other services only: none. */
const INTERNAL_OPERATIONS: readonly string[] = [];

const handledOperations = (): string[] => {
  const context: RoyaltiesContext = {
    orm: untouchedContextMember('orm'),
    config: untouchedContextMember('config'),
    logger: untouchedContextMember('logger'),
    blobs: untouchedContextMember('blobs'),
    catalogue: untouchedContextMember('catalogue'),
  };
  return Object.keys(royaltiesOperations(context));
};

describeRouteHandlers('royalties', handledOperations, INTERNAL_OPERATIONS);
