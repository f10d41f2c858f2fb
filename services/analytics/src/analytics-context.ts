import type { MikroORM } from '@mikro-orm/postgresql';
import type { BlobStore, Logger, RecordingCodeProjection } from '@sv/platform';
import type { CataloguePort } from './app/catalogue-port.ts';
import type { RoyaltiesPort } from './app/royalties-port.ts';
import type { AnalyticsConfig } from './config.ts';

/** What the analytics service's adapters hand to its use-cases: the ORM, config, blobs and its ports. */
export interface AnalyticsContext {
  orm: MikroORM;
  config: AnalyticsConfig;
  logger: Logger;
  blobs: BlobStore;
  catalogue: CataloguePort;
  royalties: RoyaltiesPort;
  /** The catalogue's recording codes kept in analytics' schema, for matching report lines. */
  recordingCodes: RecordingCodeProjection;
}
