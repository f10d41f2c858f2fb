import { CatalogueOperation, ReleaseOperation } from '@sv/contracts';
import { describeRouteHandlers, untouchedContextMember } from '@sv/testing';
import type { CatalogueContext } from '../src/catalogue-context.ts';
import { catalogueOperations } from '../src/nats/operations.ts';

/*
 * The route registry and the catalogue's operation table must agree: every catalogue route has a
 * handler, and every handler is a route's operation or one of the internal operations below.
 */

/** Operations the catalogue answers for other services only: no route of the registry names them. */
const INTERNAL_OPERATIONS: readonly string[] = [
  // royalties ties report lines to tracks and releases: services/royalties/src/nats/clients/catalogue.client.ts
  CatalogueOperation.recordingsMatch,
  // analytics and royalties keep the codes they match by: packages/platform/src/recording-codes
  CatalogueOperation.recordingCodes,
  // supply-chain, before acting on a release id: services/supply-chain/src/nats/clients/release-lookup.client.ts
  ReleaseOperation.lookup,
  // delivery (services/delivery/src/nats/clients/catalogue.client.ts) and supply-chain's delivery plan
  // (services/supply-chain/src/nats/clients/release-snapshot.client.ts)
  ReleaseOperation.snapshot,
  // delivery's QC worker, via catalogue.client.ts: QC passed or failed (qc.service.ts)
  ReleaseOperation.qcPass,
  ReleaseOperation.qcFail,
  // delivery's stage confirmation, via catalogue.client.ts: live at a store, takedown sent (confirm-stage.ts)
  ReleaseOperation.markLive,
  ReleaseOperation.markTakenDown,
  // the ingestion service's channels, via its catalogue client: a release and its tracks, all or nothing
  ReleaseOperation.import,
  // its takedown messages, via the same client: the release a message names by UPC
  ReleaseOperation.findByUpc,
  // analytics, via services/analytics/src/nats/clients/catalogue.client.ts: the releases an ingest names,
  // the catalogue's size for the streaming summary, and the delivered releases coverage lists
  ReleaseOperation.describe,
  CatalogueOperation.counts,
  ReleaseOperation.delivered,
];

/** The table as the service builds it, from a context none of whose members is used. */
const handledOperations = (): string[] => {
  const context: CatalogueContext = {
    orm: untouchedContextMember('orm'),
    config: untouchedContextMember('config'),
    blobs: untouchedContextMember('blobs'),
    logger: untouchedContextMember('logger'),
    stores: untouchedContextMember('stores'),
    plans: untouchedContextMember('plans'),
    clock: untouchedContextMember('clock'),
  };
  return Object.keys(catalogueOperations(context));
};

describeRouteHandlers('catalogue', handledOperations, INTERNAL_OPERATIONS);
