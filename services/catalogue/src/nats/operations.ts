import { combineOperationTables, type OperationTable } from '@sv/platform';
import type { CatalogueContext } from '../catalogue-context.ts';
import { animatedArtworkOperations } from './animated-artwork.handlers.ts';
import { artistOperations } from './artists.handlers.ts';
import { artworkOperations } from './artwork.handlers.ts';
import { catalogueStatsOperations } from './catalogue-stats.handlers.ts';
import { creditOperations } from './credits.handlers.ts';
import { localizationOperations } from './localizations.handlers.ts';
import { recordingOperations } from './recordings.handlers.ts';
import { releaseOperations } from './releases.handlers.ts';
import { rightsOperations } from './rights.handlers.ts';
import { trackOperations } from './tracks.handlers.ts';
import { videoOperations } from './videos.handlers.ts';

/** Every operation the catalogue answers on `sv.<env>.api.catalogue`; one handler file per feature. */
export const catalogueOperations = (context: CatalogueContext): OperationTable =>
  combineOperationTables('catalogue', [
    artistOperations(context),
    releaseOperations(context),
    trackOperations(context),
    artworkOperations(context),
    animatedArtworkOperations(context),
    creditOperations(context),
    rightsOperations(context),
    localizationOperations(context),
    videoOperations(context),
    recordingOperations(context),
    catalogueStatsOperations(context),
  ]);
