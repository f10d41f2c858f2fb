import { RECORDING_CODES_REBUILD_OPERATION, SALES_REPORT_FILE_OPERATION, STATEMENT_FACTS_OPERATION } from '@sv/contracts';
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
  STATEMENT_FACTS_OPERATION,
  // analytics loads a recorded sales report's stored file into its streams
  SALES_REPORT_FILE_OPERATION,
  // the operator command's `royalties rebuild-codes`: the recording codes report lines match by
  RECORDING_CODES_REBUILD_OPERATION,
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
