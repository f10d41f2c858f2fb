import { DefaultListQuery, Messages, WebhookOperation } from '@sv/contracts';
import { assertCan, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { listDeliveryAttempts } from '../app/delivery/attempt-log.ts';
import { presentDeliveryAttempt } from '../app/delivery/delivery-attempt.presenter.ts';
import { queueTestEvent } from '../app/delivery/test-event.ts';
import type { WebhooksContext } from '../webhooks-context.ts';

/** The attempt log and the test event: parse, one use-case, shape the reply. */
export const deliveryOperations = ({ orm }: WebhooksContext): OperationTable => ({
  [WebhookOperation.deliveries]: async (request) => {
    assertCan(request.principal, 'webhooks.read');
    const query = parseOrThrow(DefaultListQuery, request.query);
    const page = await listDeliveryAttempts(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '', query);
    return ok({ deliveries: page.rows.map(presentDeliveryAttempt), total: page.total, meta: page.meta });
  },
  [WebhookOperation.test]: async (request) => {
    assertCan(request.principal, 'webhooks.manage');
    const { eventId } = await queueTestEvent(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
    return ok({ message: Messages.webhookTestQueued, event_id: eventId });
  },
});
