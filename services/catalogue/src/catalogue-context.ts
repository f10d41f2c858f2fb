import type { MikroORM } from '@mikro-orm/postgresql';
import type { BlobStore, Logger } from '@sv/platform';
import type { Clock } from './app/releases/release-approved-sunset.ts';
import type { StoreSelectionPort, TenantPlanPort } from './app/releases/ports.ts';
import type { CatalogueConfig } from './config.ts';

/** What the catalogue's adapters hand to its use-cases: the ORM, config, blobs and ports to other services. */
export interface CatalogueContext {
  orm: MikroORM;
  config: CatalogueConfig;
  blobs: BlobStore;
  logger: Logger;
  stores: StoreSelectionPort;
  plans: TenantPlanPort;
  /** "Now" for release transitions (the release.approved sunset); the system clock in service. */
  clock: Clock;
}
