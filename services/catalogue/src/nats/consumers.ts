import type { EventConsumer, ServiceRuntime } from '@sv/platform';
import type { CatalogueContext } from '../catalogue-context.ts';
import { startAnimatedArtworkValidator } from './animated-artwork.consumer.ts';
import { startAudioCheckConsumer } from './audio-check.consumer.ts';

/**
 * The catalogue's durable consumers (each acks after its own commit and is idempotent).
 * Features that validate asynchronously (animated artwork, audio checks) register theirs here.
 */
export const catalogueConsumers = async (context: CatalogueContext, runtime: ServiceRuntime): Promise<EventConsumer[]> => [
  await startAnimatedArtworkValidator(context, runtime),
  await startAudioCheckConsumer(context, runtime),
];
