import type { EventConsumer, ServiceRuntime } from '@sv/platform';
import type { SupplyChainContext } from '../supply-chain-context.ts';
import { startDspStageConsumer } from './dsp-stages.consumer.ts';

/** Supply-chain's durable consumers (each acks after its own commit and is idempotent). */
export const supplyChainConsumers = async (context: SupplyChainContext, runtime: ServiceRuntime): Promise<EventConsumer[]> => [
  await startDspStageConsumer(context, runtime),
];
