import type { MikroORM } from '@mikro-orm/postgresql';
import type { BlobStore, Logger, RecordingCodeProjection } from '@sv/platform';
import type { CataloguePort } from './app/catalogue-port.ts';
import type { RoyaltiesConfig } from './config.ts';

/** What the royalties service's adapters hand to its use-cases: the ORM, config, the blob store and its port to the catalogue. */
export interface RoyaltiesContext {
  orm: MikroORM;
  config: RoyaltiesConfig;
  logger: Logger;
  blobs: BlobStore;
  catalogue: CataloguePort;
  /** The catalogue's recording codes kept in royalties' schema, for matching report lines. */
  recordingCodes: RecordingCodeProjection;
}
