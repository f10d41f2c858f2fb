import { AnyDistributionStageEvent, AnyDspStageEvent, DSP_EVENT_STAGES, EVENT_CATALOGUE, WebhookTestEvent, type EventDefinition } from '@sv/contracts';
import type { z } from 'zod';
import type { JsonSchema } from './openapi-types.ts';

/*
 * What a subscription can receive: every event of the catalogue, the per-store lifecycle one
 * entry per stage (its slug is the subscriber's choice), and the test event.
 */

const SAMPLE_SLUG = 'spotify';

/** When the spec names the moment an event is sent, its words. */
const EMITTED_WHEN: Record<string, string> = {
  'webhook.test': 'Sent by POST /webhooks/{uuid}/test, to that subscription only.',
  'release.qc_pending': 'The approve call moved the release to qc_inspection.',
  'release.approved': 'The release passed QC. Deprecated in favour of release.delivered; stops firing 2026-12-14.',
  'release.delivered': 'The release passed QC (the same moment as release.approved); fires once per release.',
  'release.rejected': 'The release was rejected, by any path.',
  'release.artwork.uploaded': 'Artwork was uploaded.',
  'video.created': 'A video was created.',
  'video.submitted': 'A video was submitted for review.',
  'video.approved': 'A video was approved.',
  'video.rejected': 'A video was rejected.',
};

/** Events the spec retires, still sent until their date. */
const DEPRECATED = new Set(['release.approved']);

const STAGE_WHEN: Record<string, string> = {
  delivered: 'The release entered the store’s delivery pipeline on approval.',
  submitted: 'The delivery was sent to the store, after QC.',
  accepted: 'The store accepted the delivery.',
  live: 'The release went live in the store.',
  update_submitted: 'A metadata update was sent to the store.',
  updated: 'The store acknowledged an update.',
  takedown_submitted: 'A takedown was sent to the store.',
  taken_down: 'The store confirmed the takedown.',
  rejected: 'The store refused the delivery (its words in `message`).',
  failed: 'Sending to the store failed (the transport’s words in `message`).',
};

export interface WebhookEntry {
  /** The key under `webhooks`: the event name, or for a store's stage the pattern that matches it (`release.dsp.*.live`). */
  name: string;
  /** The `type` sent (`release.dsp.spotify.live`). */
  sampleType: string;
  typeSchema: JsonSchema;
  event: EventDefinition<z.ZodType>;
  description: string;
  /** Fields the example must carry to agree with the event name. */
  fixedData: Record<string, unknown>;
  deprecated: boolean;
}

const plainEntry = (event: EventDefinition<z.ZodType>): WebhookEntry => ({
  name: event.name,
  sampleType: event.name,
  typeSchema: { type: 'string', const: event.name },
  event,
  description: EMITTED_WHEN[event.name] ?? 'Published by the platform when this happens; the payload is below.',
  fixedData: {},
  deprecated: DEPRECATED.has(event.name),
});

/** release.dsp.<slug>.<stage>: one entry per stage, the slug left open as in a subscription pattern. */
const dspStageEntries = (): WebhookEntry[] =>
  DSP_EVENT_STAGES.map((stage) => ({
    name: `release.dsp.*.${stage}`,
    sampleType: `release.dsp.${SAMPLE_SLUG}.${stage}`,
    typeSchema: { type: 'string', pattern: `^release\\.dsp\\.[a-z0-9_]+\\.${stage}$` },
    event: AnyDspStageEvent,
    description:
      `${STAGE_WHEN[stage] ?? `The store’s lifecycle reached ${stage}.`} ` +
      `The type is \`release.dsp.<slug>.${stage}\`, \`<slug>\` a DSP slug from the \`dsps\` list of GET /webhooks/event-types; ` +
      'subscribe to one store by its slug or to every store with `*`. Tolerate stage values you do not know.',
    fixedData: { dsp: SAMPLE_SLUG, stage },
    deprecated: false,
  }));

/** release.distribution.<stage>: the spec's entry for partner-routed deliveries, reserved (nothing sends it yet). */
const distributionEntry = (): WebhookEntry => ({
  name: AnyDistributionStageEvent.name,
  sampleType: 'release.distribution.live',
  typeSchema: { type: 'string', pattern: '^release\\.distribution\\.[a-z_]+$' },
  event: AnyDistributionStageEvent,
  description:
    'The store lifecycle of a delivery routed through a partner; the type is `release.distribution.<stage>`. ' +
    'Reserved, as the spec names it: no delivery is partner-routed yet, so nothing is sent under it today.',
  fixedData: { stage: 'live' },
  deprecated: false,
});

export const webhookEntries = (): WebhookEntry[] => [
  plainEntry(WebhookTestEvent),
  ...EVENT_CATALOGUE.flatMap((event) =>
    event.name === AnyDspStageEvent.name ? dspStageEntries() : event.name === AnyDistributionStageEvent.name ? [distributionEntry()] : [plainEntry(event)],
  ),
];

