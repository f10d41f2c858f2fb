import type { MikroORM } from '@mikro-orm/postgresql';
import type { BlobStore, Logger } from '@sv/platform';
import type { CataloguePort, SupplyChainPort, TenantPartyPort } from './app/ports.ts';
import type { ErnValidators } from './app/queue/ern-validators.ts';
import type { SessionOpener } from './app/transports/open-session.ts';
import type { DeliveryConfig } from './config.ts';

/** What delivery's adapters and workers hand to its use-cases. */
export interface DeliveryContext {
  orm: MikroORM;
  config: DeliveryConfig;
  logger: Logger;
  blobs: BlobStore;
  catalogue: CataloguePort;
  supplyChain: SupplyChainPort;
  parties: TenantPartyPort;
  /** One validator per ERN version, each compiled on first use and shared by every message of its version. */
  validators: ErnValidators;
  openSession: SessionOpener;
  /** Wakes the delivery worker: something was just queued. */
  wakeDeliveries(): void;
  /** Wakes the QC worker: a run was just queued. */
  wakeQc(): void;
}
