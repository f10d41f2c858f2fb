import type { OperationTable } from '@sv/platform';
import type { CatalogueContext } from '../catalogue-context.ts';
import { artistOperations } from './artists.handlers.ts';
import { artworkOperations } from './artwork.handlers.ts';
import { creditOperations } from './credits.handlers.ts';
import { rightsOperations } from './rights.handlers.ts';
import { localizationOperations } from './localizations.handlers.ts';
import { releaseOperations } from './releases.handlers.ts';
import { videoOperations } from './videos.handlers.ts';
import { animatedArtworkOperations } from './animated-artwork.handlers.ts';
import { trackOperations } from './tracks.handlers.ts';

/** Every operation the catalogue answers on `sv.<env>.api.catalogue`; one handler file per feature. */
export const catalogueOperations = (context: CatalogueContext): OperationTable => ({
  ...artistOperations(context),
  ...artworkOperations(context),
  ...creditOperations(context),
  ...rightsOperations(context),
  ...localizationOperations(context),
  ...releaseOperations(context),
  ...videoOperations(context),
  ...animatedArtworkOperations(context),
  ...trackOperations(context),
});
