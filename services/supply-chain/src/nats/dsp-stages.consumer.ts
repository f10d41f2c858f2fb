import { AnyDspStageEvent } from '@sv/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@sv/platform';
import { applyDspStage } from '../app/dsp-stages/dsp-stage.service.ts';
import { SUPPLY_CHAIN_SCHEMA } from '../db/index.ts';
import type { SupplyChainContext } from '../supply-chain-context.ts';

/** Durable name of the stage follower; shared by every replica, so each event is applied once. */
export const DSP_STAGES_CONSUMER = 'supply-chain-dsp-stages';

/** Follows every store's lifecycle (release.dsp.<slug>.<stage>) into release_dsp.status. */
export const startDspStageConsumer = (context: SupplyChainContext, runtime: ServiceRuntime): Promise<EventConsumer> =>
  startEventConsumer({
    nc: runtime.nc,
    orm: runtime.orm,
    schema: SUPPLY_CHAIN_SCHEMA,
    subjectPrefix: runtime.config.subjectPrefix,
    durable: DSP_STAGES_CONSUMER,
    event: AnyDspStageEvent,
    logger: context.logger,
    handle: async (em, event) => {
      // Stages are per tenant; an event without one names no selection.
      if (!event.tenant_id) return;
      await applyDspStage(em, {
        tenantId: event.tenant_id,
        releaseId: event.data.release_id,
        slug: event.data.dsp,
        stage: event.data.stage,
        occurredAt: new Date(event.occurred_at),
      });
    },
  });
