import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaginationQuery } from '@sv/contracts';
import { findPage, type FoundPage } from '@sv/platform';
import { DeliveryAttempt } from '../../db/entities/delivery-attempt.entity.ts';
import { findWebhook } from '../subscriptions/webhooks.service.ts';

/** GET /webhooks/{uuid}/deliveries: the subscription's attempts, newest first (404 outside the tenant). */
export const listDeliveryAttempts = async (
  em: EntityManager,
  tenantId: string,
  webhookId: string,
  query: PaginationQuery,
): Promise<FoundPage<DeliveryAttempt>> => {
  const webhook = await findWebhook(em, tenantId, webhookId);
  return findPage(em, DeliveryAttempt, { tenantId, subscriptionId: webhook.id }, {
    query,
    order: [
      { property: 'createdAt', direction: 'desc', type: 'date' },
      { property: 'id', direction: 'desc', type: 'uuid' },
    ],
  });
};
