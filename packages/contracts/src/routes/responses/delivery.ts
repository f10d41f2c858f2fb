import { z } from 'zod';
import { DeliveryKind, DeliveryState } from '../../delivery.ts';
import { nullableIsoTimestamp, pagedList, isoTimestamp } from './common.ts';

/** The literal DDEX ERN 4.3 message. */
export const DdexPreviewBody = z.string();

/** The reply of deliver, redeliver and purge: what was queued, one entry per store. */
export const DeliveryQueuedReply = z.object({
  message: z.string(),
  deliveries: z.array(
    z.object({
      uuid: z.uuid(),
      /** The store's slug. */
      dsp: z.string(),
      kind: DeliveryKind,
      state: z.literal('queued'),
    }),
  ),
});

/** One message to one store, with every attempt to send it. */
export const DeliveryResourceSchema = z.object({
  uuid: z.uuid(),
  release_id: z.uuid(),
  dsp: z.object({ dsp_id: z.number().int(), slug: z.string(), name: z.string() }),
  kind: DeliveryKind,
  state: DeliveryState,
  /** The store's lifecycle stage this delivery brought it to, while it is the store's latest. */
  stage: z.string().nullable(),
  /** Why it was queued: qc_pass, deliver, redeliver, config_change, purge. */
  reason: z.string(),
  message_id: z.string(),
  batch_id: z.string(),
  files: z.array(z.object({ name: z.string(), size: z.number().int(), md5: z.string() })),
  error: z.string().nullable(),
  /** YYYY-MM-DD: the day the store asks to have this message by (its lead time); null without one. */
  deliver_by: z.string().nullable(),
  /** Queued after deliver_by: the store may show it after the release date. */
  late: z.boolean(),
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      outcome: z.string(),
      error: z.string().nullable(),
      started_at: isoTimestamp,
      finished_at: isoTimestamp,
    }),
  ),
  next_attempt_at: nullableIsoTimestamp,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
  sent_at: nullableIsoTimestamp,
});

/** Newest first. */
export const DeliveryListReply = pagedList('deliveries', DeliveryResourceSchema);
