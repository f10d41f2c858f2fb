import type { MikroORM } from '@mikro-orm/postgresql';
import type { Ern43Validator } from '@sv/ddex';
import type { BlobStore } from '@sv/platform';
import type { Logger } from 'pino';
import type { CataloguePort, SupplyChainPort, TenantPartyPort } from './app/ports.ts';
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
  /** The ERN 4.3 validator, compiled once at start-up and shared by every message. */
  validator: Ern43Validator;
  openSession: SessionOpener;
  /** Wakes the delivery worker: something was just queued. */
  wakeDeliveries(): void;
  /** Wakes the QC worker: a run was just queued. */
  wakeQc(): void;
}
