import { IngestionOperation } from '@sv/contracts';
import { describeRouteHandlers, untouchedContextMember } from '@sv/testing';
import type { IngestionContext } from '../src/ingestion-context.ts';
import { ingestionOperations } from '../src/nats/operations.ts';

/*
 * The route registry and ingestion's operation table must agree: every ingestion route has a
 * handler, and every handler is a route's operation or one of the internal operations below.
 */

/** Operations ingestion answers for other callers only: no route of the registry names them. */
const INTERNAL_OPERATIONS: readonly string[] = [
  // the operator's `sftp supplier` admin command: services/gateway/src/admin/admin-commands.ts
  IngestionOperation.sftpSuppliersRegister,
];

/** The table as the service builds it, from a context none of whose members is used. */
const handledOperations = (): string[] => {
  const context: IngestionContext = {
    orm: untouchedContextMember('orm'),
    config: untouchedContextMember('config'),
    logger: untouchedContextMember('logger'),
    blobs: untouchedContextMember('blobs'),
    catalogue: untouchedContextMember('catalogue'),
    supplyChain: untouchedContextMember('supplyChain'),
    delivery: untouchedContextMember('delivery'),
  };
  return Object.keys(ingestionOperations(context));
};

describeRouteHandlers('ingestion', handledOperations, INTERNAL_OPERATIONS);
