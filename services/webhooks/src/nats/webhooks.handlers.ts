import { CreateWebhookBody, DefaultListQuery, UpdateWebhookBody, WebhookOperation } from '@sv/contracts';
import { assertCan, created, noContent, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { presentWebhook, presentWebhookWithSecret } from '../app/subscriptions/webhook.presenter.ts';
import {
  createWebhook,
  deleteWebhook,
  findWebhook,
  listWebhooks,
  regenerateWebhookSecret,
  updateWebhook,
  type SubscriptionDeps,
} from '../app/subscriptions/webhooks.service.ts';
import type { WebhooksContext } from '../webhooks-context.ts';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const webhookOperations = ({ orm, config, dsps }: WebhooksContext): OperationTable => {
  const deps: SubscriptionDeps = { dsps, secretKey: config.secretKey, allowPrivateUrls: config.allowPrivateUrls };
  return {
    [WebhookOperation.list]: async (request) => {
      assertCan(request.principal, 'webhooks.read');
      const query = parseOrThrow(DefaultListQuery, request.query);
      const page = await listWebhooks(orm.em.fork(), request.principal.tenant_id, query);
      return ok({ webhooks: page.webhooks.map(presentWebhook), total: page.total, meta: page.meta });
    },
    [WebhookOperation.create]: async (request) => {
      assertCan(request.principal, 'webhooks.manage');
      const body = parseOrThrow(CreateWebhookBody, request.body);
      const { webhook, secret } = await createWebhook(orm.em.fork(), deps, request.principal, body);
      return created({ webhook: presentWebhookWithSecret(webhook, secret) });
    },
    [WebhookOperation.get]: async (request) => {
      assertCan(request.principal, 'webhooks.read');
      const webhook = await findWebhook(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
      return ok({ webhook: presentWebhook(webhook) });
    },
    [WebhookOperation.update]: async (request) => {
      assertCan(request.principal, 'webhooks.manage');
      const body = parseOrThrow(UpdateWebhookBody, request.body ?? {});
      const webhook = await updateWebhook(orm.em.fork(), deps, request.principal, request.params.uuid ?? '', body);
      return ok({ webhook: presentWebhook(webhook) });
    },
    [WebhookOperation.delete]: async (request) => {
      assertCan(request.principal, 'webhooks.manage');
      await deleteWebhook(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
      return noContent();
    },
    [WebhookOperation.regenerateSecret]: async (request) => {
      assertCan(request.principal, 'webhooks.manage');
      const { webhook, secret } = await regenerateWebhookSecret(
        orm.em.fork(),
        config.secretKey,
        request.principal.tenant_id,
        request.params.uuid ?? '',
      );
      return ok({ webhook: presentWebhookWithSecret(webhook, secret) });
    },
  };
};
