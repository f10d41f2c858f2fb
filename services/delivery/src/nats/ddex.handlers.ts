import { DdexPreviewQuery, DefaultListQuery, DeliveryOperation, type ParsedServiceRequest } from '@sv/contracts';
import { NotFoundError, assertCan, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { Messages } from '@sv/contracts';
import { previewMessage } from '../app/preview/preview.service.ts';
import { deliverRelease, purgeRelease, redeliverRelease } from '../app/queue/delivery-commands.ts';
import { listReleaseDeliveries, presentDelivery, presentQueued } from '../app/queue/deliveries-list.ts';
import type { DeliveryContext } from '../delivery-context.ts';
import { sendDepsOf } from './send-deps.ts';

const releaseId = (request: ParsedServiceRequest): string => request.params.uuid ?? '';

/** 202 with what was queued; the worker is woken so the queue moves at once. */
const accepted = (context: DeliveryContext, message: string, queued: Parameters<typeof presentQueued>[0]) => {
  if (queued.length > 0) context.wakeDeliveries();
  return { status: 202, body: { message, deliveries: presentQueued(queued) } };
};

/** Thin adapters: parse, call one use-case, shape the reply. */
export const ddexOperations = (context: DeliveryContext): OperationTable => {
  const { orm, catalogue, supplyChain } = context;
  const commands = { catalogue, supplyChain };
  return {
    [DeliveryOperation.preview]: async (request) => {
      const query = parseOrThrow(DdexPreviewQuery, request.query);
      const xml = await previewMessage(orm.em.fork(), sendDepsOf(context), request.principal, releaseId(request), request.params.file ?? '', query.ern_version);
      return { status: 200, headers: { 'Content-Type': 'application/xml; charset=utf-8' }, body: xml };
    },
    [DeliveryOperation.deliver]: async (request) => {
      assertCan(request.principal, 'distribution.deliver');
      return accepted(context, Messages.deliveryQueued, await deliverRelease(orm.em.fork(), commands, request.principal, releaseId(request), {}));
    },
    [DeliveryOperation.deliverOne]: async (request) => {
      assertCan(request.principal, 'distribution.deliver');
      return accepted(context, Messages.deliveryQueued, await deliverRelease(orm.em.fork(), commands, request.principal, releaseId(request), { slug: request.params.slug ?? '' }));
    },
    [DeliveryOperation.redeliver]: async (request) => {
      assertCan(request.principal, 'distribution.deliver');
      return accepted(context, Messages.deliveryQueued, await redeliverRelease(orm.em.fork(), commands, request.principal, releaseId(request), {}));
    },
    [DeliveryOperation.redeliverOne]: async (request) => {
      assertCan(request.principal, 'distribution.deliver');
      return accepted(context, Messages.deliveryQueued, await redeliverRelease(orm.em.fork(), commands, request.principal, releaseId(request), { slug: request.params.slug ?? '' }));
    },
    [DeliveryOperation.purge]: async (request) => {
      assertCan(request.principal, 'distribution.deliver');
      return accepted(context, Messages.takedownQueued, await purgeRelease(orm.em.fork(), commands, request.principal, releaseId(request)));
    },
    [DeliveryOperation.deliveries]: async (request) => {
      const query = parseOrThrow(DefaultListQuery, request.query);
      const release = await catalogue.snapshot(request.principal, releaseId(request));
      if (!release) throw new NotFoundError(Messages.releaseNotFound, 'release.not_found');
      const page = await listReleaseDeliveries(orm.em.fork(), request.principal.tenant_id, release.uuid, query);
      return ok({ deliveries: page.rows.map(presentDelivery), total: page.total, meta: page.meta });
    },
  };
};
