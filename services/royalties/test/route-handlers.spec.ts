import { FinanceOperation, RoyaltyOperation, SharedOperation } from '@sv/contracts';
import { describeRouteHandlers, untouchedContextMember } from '@sv/testing';
import type { RoyaltiesContext } from '../src/royalties-context.ts';
import { royaltiesOperations } from '../src/nats/operations.ts';

/*
 * The route registry and the royalties service's operation table must agree: every royalties route
 * has a handler, and every handler is a route's or one of the internal operations below.
 */

/** Operations the royalties service answers for other services only. */
const INTERNAL_OPERATIONS: readonly string[] = [
  // analytics copies a completed statement's facts: services/analytics/src/nats/clients/royalties.client.ts
  RoyaltyOperation.statementFacts,
  // analytics loads a recorded sales report's stored file into its streams
  FinanceOperation.salesReportFile,
  // the operator command's `royalties rebuild-codes`: the recording codes report lines match by
  SharedOperation.recordingCodesRebuild,
];

const handledOperations = (): string[] => {
  const context: RoyaltiesContext = {
    orm: untouchedContextMember('orm'),
    config: untouchedContextMember('config'),
    logger: untouchedContextMember('logger'),
    blobs: untouchedContextMember('blobs'),
    catalogue: untouchedContextMember('catalogue'),
    recordingCodes: untouchedContextMember('recordingCodes'),
  };
  return Object.keys(royaltiesOperations(context));
};

describeRouteHandlers('royalties', handledOperations, INTERNAL_OPERATIONS);
