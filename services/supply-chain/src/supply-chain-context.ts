import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '@sv/platform';
import type { ReleaseSnapshotPort } from './app/release-config/ports.ts';
import type { ReleaseLookupPort } from './app/release-dsps/ports.ts';
import type { SupplyChainConfig } from './config.ts';

/** What supply-chain's adapters hand to its use-cases: the ORM, config and ports to other services. */
export interface SupplyChainContext {
  orm: MikroORM;
  config: SupplyChainConfig;
  logger: Logger;
  releases: ReleaseLookupPort;
  snapshots: ReleaseSnapshotPort;
  /** "Now" for date checks (the delivery plan's past release date); the system clock in service. */
  clock: () => Date;
}
