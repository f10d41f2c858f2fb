import { ReleaseEvents, SupplyChainConfigEvents, TrackEvents } from '@sv/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@sv/platform';
import { queueAudioCheck } from '../app/audio-validator/audio-validator.ts';
import { queueQcRun } from '../app/qc/qc.service.ts';
import { enterPipeline, queueConfigUpdates } from '../app/queue/pipeline.ts';
import { DELIVERY_SCHEMA } from '../db/index.ts';
import type { DeliveryContext } from '../delivery-context.ts';

/**
 * Delivery's durable consumers; each acks after its own commit and is idempotent (the kit's
 * inbox, plus the unique keys of what each one writes).
 */
export const deliveryConsumers = async (context: DeliveryContext, runtime: ServiceRuntime): Promise<EventConsumer[]> => {
  const common = { nc: runtime.nc, orm: runtime.orm, schema: DELIVERY_SCHEMA, subjectPrefix: runtime.config.subjectPrefix, logger: runtime.logger };
  return [
    await startEventConsumer({
      ...common,
      durable: 'delivery-qc',
      event: ReleaseEvents.qcPending,
      handle: async (em, event) => {
        if (!event.tenant_id) return;
        await queueQcRun(em, event.tenant_id, event.data.release_id, event.id);
        return () => context.wakeQc();
      },
    }),
    await startEventConsumer({
      ...common,
      durable: 'delivery-pipeline',
      event: ReleaseEvents.delivered,
      handle: async (em, event) => {
        if (!event.tenant_id) return;
        const queued = await enterPipeline(em, context.supplyChain, event.tenant_id, event.data.release_id);
        return queued.length > 0 ? () => context.wakeDeliveries() : undefined;
      },
    }),
    await startEventConsumer({
      ...common,
      durable: 'delivery-config-updates',
      event: SupplyChainConfigEvents.configChanged,
      handle: async (em, event) => {
        if (!event.tenant_id) return;
        const queued = await queueConfigUpdates(em, context.supplyChain, event.tenant_id, event.data.release_id, event.data.dsps);
        return queued.length > 0 ? () => context.wakeDeliveries() : undefined;
      },
    }),
    await startEventConsumer({
      ...common,
      durable: 'delivery-audio-uploads',
      event: TrackEvents.audioUploaded,
      handle: async (em, event) => {
        const key = context.blobs.keyOf(event.data.audio_url);
        if (!event.tenant_id || !key) return;
        await queueAudioCheck(em, {
          tenantId: event.tenant_id,
          releaseId: event.data.release_id,
          trackId: event.data.track_id,
          audioKey: key,
          audioUrl: event.data.audio_url,
          uploadedAt: new Date(event.occurred_at),
        });
      },
    }),
  ];
};
