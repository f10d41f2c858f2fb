import { combineOperationTables, type OperationTable } from '@sv/platform';
import type { WebhooksContext } from '../webhooks-context.ts';
import { deliveryOperations } from './deliveries.handlers.ts';
import { eventTypeOperations } from './event-types.handlers.ts';
import { webhookOperations } from './webhooks.handlers.ts';

/** Every operation the webhooks service answers on `sv.<env>.api.webhooks`; one handler file per feature. */
export const webhooksOperations = (context: WebhooksContext): OperationTable =>
  combineOperationTables('webhooks', [
    eventTypeOperations(context),
    webhookOperations(context),
    deliveryOperations(context),
  ]);
