import { DeliveryOperation } from '../delivery.ts';
import { Messages } from '../messages.ts';
import { defineRoute } from './define-route.ts';
import type { OperationOf } from './operations/service-operations.ts';
import { DdexPreviewQuery } from './requests/ddex-preview-query.ts';
import { DefaultListQuery } from './requests/list-queries.ts';
import { DdexPreviewParams, ReleaseDspParams, UuidParams } from './requests/path-params.ts';
import { DdexPreviewBody, DeliveryListReply, DeliveryQueuedReply } from './responses/delivery.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/**
 * Deliver, redeliver and purge: queued (202), in the distribution rate category. Each needs an
 * approved or live release (409) with stores attached (422 `No DSPs attached to this release.`).
 */
const deliveryCommand = (path: string, operation: OperationOf<'delivery'>, summary: string, answer: string) =>
  defineRoute({
    method: 'POST',
    path,
    service: 'delivery',
    operation,
    edge: { gate: 'distribution.deliver', notFound: Messages.releaseNotFound },
    summary,
    request: { params: path.endsWith('/:slug') ? ReleaseDspParams : UuidParams },
    rate: 'distribution',
    responses: { 202: { description: answer, body: DeliveryQueuedReply } },
    errors: [409, 422],
  });

/** DDEX ERN preview and the delivery queue; the two reads are general requests. */
export const DELIVERY_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/releases/:uuid/ddex/preview/:file',
    service: 'delivery',
    operation: DeliveryOperation.preview,
    summary:
      "Preview the literal DDEX ERN message a store would receive if the release were delivered now: GET …/ddex/preview/{dsp_slug}.xml, in the store's own ERN version unless ?ern_version=4.2|3.8.2|4.3 names one.",
    request: { params: DdexPreviewParams, query: DdexPreviewQuery },
    responses: {
      200: {
        description: "The NewReleaseMessage a delivery would send now (an update for a store that holds the release), in the store's ERN version or the one asked for; only its MessageId and creation time differ from the delivery's.",
        body: DdexPreviewBody,
        contentType: 'application/xml; charset=utf-8',
      },
    },
    // 422: an ern_version that is not 4.3, 4.2 or 3.8.2, the store is not attached, the release
    // lacks what a message needs (every gap by field), or the message would not validate.
    errors: [422],
  }),
  deliveryCommand(
    '/releases/:uuid/ddex/deliver',
    DeliveryOperation.deliver,
    'Deliver the release to all attached DSPs, skipping blocked ones.',
    'The deliveries queued: every attached unblocked store (a store already sent to gets an update).',
  ),
  deliveryCommand(
    '/releases/:uuid/ddex/deliver/:slug',
    DeliveryOperation.deliverOne,
    'Deliver the release to one attached DSP.',
    'The delivery queued.',
  ),
  deliveryCommand(
    '/releases/:uuid/ddex/purge',
    DeliveryOperation.purge,
    'Take the release down: a takedown to every attached store it reached, blocked ones too.',
    'The takedowns queued.',
  ),
  deliveryCommand(
    '/releases/:uuid/ddex/redeliver',
    DeliveryOperation.redeliver,
    'Redeliver what each store last received, byte for byte.',
    'The redeliveries queued.',
  ),
  deliveryCommand(
    '/releases/:uuid/ddex/redeliver/:slug',
    DeliveryOperation.redeliverOne,
    'Redeliver what one store last received, byte for byte.',
    'The redelivery queued.',
  ),
  defineRoute({
    method: 'GET',
    path: '/releases/:uuid/ddex/deliveries',
    service: 'delivery',
    operation: DeliveryOperation.deliveries,
    edge: { gate: 'anyone', notFound: Messages.releaseNotFound },
    summary: "List the release's deliveries with their attempts, newest first.",
    request: { params: UuidParams, query: DefaultListQuery },
    responses: { 200: { description: 'A page of deliveries with total and meta.', body: DeliveryListReply } },
    paginated: 'page_or_cursor',
  }),
];
