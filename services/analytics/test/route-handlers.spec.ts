import { AnalyticsOperation, SharedOperation } from '@sv/contracts';
import { describeRouteHandlers, untouchedContextMember } from '@sv/testing';
import type { AnalyticsContext } from '../src/analytics-context.ts';
import { analyticsOperations } from '../src/nats/operations.ts';

/*
 * The route registry and the analytics service's operation table must agree: every analytics route
 * has a handler, and every handler is a route's or one of the internal operations below.
 */

/** Operations analytics answers for others only. */
const INTERNAL_OPERATIONS: readonly string[] = [
  // the operator command's `analytics load`: services/gateway/src/admin/admin-commands.ts
  AnalyticsOperation.streamingLoadFile,
  // the same command following the load's job until it ends
  AnalyticsOperation.streamingLoadJob,
  // the operator command's `analytics rebuild-codes`: the recording codes report lines match by
  SharedOperation.recordingCodesRebuild,
];

const handledOperations = (): string[] => {
  const context: AnalyticsContext = {
    orm: untouchedContextMember('orm'),
    config: untouchedContextMember('config'),
    logger: untouchedContextMember('logger'),
    blobs: untouchedContextMember('blobs'),
    catalogue: untouchedContextMember('catalogue'),
    royalties: untouchedContextMember('royalties'),
    recordingCodes: untouchedContextMember('recordingCodes'),
  };
  return Object.keys(analyticsOperations(context));
};

describeRouteHandlers('analytics', handledOperations, INTERNAL_OPERATIONS);
