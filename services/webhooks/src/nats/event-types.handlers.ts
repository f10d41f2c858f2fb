import { WebhookOperation } from '@sv/contracts';
import { ok, type OperationTable } from '@sv/platform';
import { listEventTypes } from '../app/event-types/event-types.service.ts';
import type { WebhooksContext } from '../webhooks-context.ts';

/** GET /webhooks/event-types: readable by every role. */
export const eventTypeOperations = ({ dsps }: WebhooksContext): OperationTable => ({
  [WebhookOperation.eventTypes]: async (request) => ok(await listEventTypes(dsps, request.principal)),
});
