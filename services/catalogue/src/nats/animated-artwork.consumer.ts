import { AnimatedArtworkEvents } from '@sv/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@sv/platform';
import type { CatalogueContext } from '../catalogue-context.ts';
import { validateAnimatedArtwork } from '../app/animated-artwork/animated-artwork-validation.ts';
import { CATALOGUE_SCHEMA } from '../db/index.ts';

/** Durable name of the validator; shared by every catalogue replica, so each upload is validated once. */
export const ANIMATED_ARTWORK_VALIDATOR = 'catalogue-animated-artwork-validator';

/** Validates each received animated artwork asset (release.animated_artwork.received). */
export const startAnimatedArtworkValidator = (context: CatalogueContext, runtime: ServiceRuntime): Promise<EventConsumer> =>
  startEventConsumer({
    nc: runtime.nc,
    orm: runtime.orm,
    schema: CATALOGUE_SCHEMA,
    subjectPrefix: runtime.config.subjectPrefix,
    durable: ANIMATED_ARTWORK_VALIDATOR,
    event: AnimatedArtworkEvents.received,
    logger: context.logger,
    handle: (em, event) => validateAnimatedArtwork(em, context.blobs, event.data.animated_artwork_id),
  });
