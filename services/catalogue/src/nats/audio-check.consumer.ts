import { DeliveryEvents } from '@sv/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@sv/platform';
import { recordAudioCheck } from '../app/audio/audio-check.service.ts';
import type { CatalogueContext } from '../catalogue-context.ts';
import { CATALOGUE_SCHEMA } from '../db/index.ts';

/** Keeps each track's audio findings (track.audio_checked from the delivery service's validator). */
export const startAudioCheckConsumer = (context: CatalogueContext, runtime: ServiceRuntime): Promise<EventConsumer> =>
  startEventConsumer({
    nc: runtime.nc,
    orm: runtime.orm,
    schema: CATALOGUE_SCHEMA,
    subjectPrefix: runtime.config.subjectPrefix,
    durable: 'catalogue-audio-checks',
    event: DeliveryEvents.audioChecked,
    logger: context.logger,
    handle: async (em, event) => {
      if (event.tenant_id) await recordAudioCheck(em, event.tenant_id, event.data);
    },
  });
