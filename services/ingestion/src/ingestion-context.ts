import type { MikroORM } from '@mikro-orm/postgresql';
import type { BlobStore, Logger } from '@sv/platform';
import type { CataloguePort, DeliveryPort, SupplyChainPort } from './app/import/ports.ts';
import type { IngestionConfig } from './config.ts';

/** What the ingestion service's adapters hand to its use-cases: the ORM, config and ports to other services. */
export interface IngestionContext {
  orm: MikroORM;
  config: IngestionConfig;
  logger: Logger;
  blobs: BlobStore;
  catalogue: CataloguePort;
  supplyChain: SupplyChainPort;
  delivery: DeliveryPort;
}
