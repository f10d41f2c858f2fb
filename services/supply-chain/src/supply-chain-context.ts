import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { ReleaseLookupPort } from './app/release-dsps/ports.ts';
import type { SupplyChainConfig } from './config.ts';

/** What supply-chain's adapters hand to its use-cases: the ORM, config and ports to other services. */
export interface SupplyChainContext {
  orm: MikroORM;
  config: SupplyChainConfig;
  logger: Logger;
  releases: ReleaseLookupPort;
}
