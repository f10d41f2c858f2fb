import { z } from 'zod';
import { defineEvent } from './events.ts';
import { OnboardingStep } from './supply-chain.ts';

/*
 * The delivery service: QC, DDEX messages, the delivery queue and each store's lifecycle.
 */

/** Operations delivery answers on its api subject. */
export const DeliveryOperation = {
  preview: 'ddex.preview',
  deliver: 'ddex.deliver',
  deliverOne: 'ddex.deliver_one',
  purge: 'ddex.purge',
  redeliver: 'ddex.redeliver',
  redeliverOne: 'ddex.redeliver_one',
  deliveries: 'ddex.deliveries',
  /** Operator command: set a store's lifecycle stage by hand (stores without acknowledgements). */
  setStage: 'delivery.set_stage',
  /** Operator command (sandbox): take one step of a store's onboarding series. */
  onboardingStep: 'delivery.onboarding_step',
} as const;

/**
 * Per-DSP lifecycle stages, as the `<stage>` of `release.dsp.<slug>.<stage>`. The first seven are
 * the spec's; `taken_down` (takedown confirmed), `rejected` (the store refused the message) and
 * `failed` (it could not be sent) are the further values the spec names.
 */
export const DSP_STAGES = [
  'delivered',
  'submitted',
  'accepted',
  'live',
  'update_submitted',
  'updated',
  'takedown_submitted',
  'taken_down',
  'rejected',
  'failed',
] as const;
export const DspStage = z.enum(DSP_STAGES);
export type DspStage = z.infer<typeof DspStage>;

/** Stages an operator (or a store's acknowledgement) may set. */
export const CONFIRMED_STAGES = ['accepted', 'live', 'updated', 'taken_down'] as const;
export const ConfirmedStage = z.enum(CONFIRMED_STAGES);
export type ConfirmedStage = z.infer<typeof ConfirmedStage>;

export const DspStageData = z.object({
  release_id: z.uuid(),
  dsp: z.string(),
  stage: DspStage,
  delivery_id: z.uuid().nullable(),
  /** The store's or the transport's words, on rejected and failed. */
  message: z.string().optional(),
  /** YYYY-MM-DD: the day the delivery should have reached the store by (its lead time), when it has one. */
  deliver_by: z.string().optional(),
  /** The delivery was queued after deliver_by: the store may not show it on the date. */
  late: z.boolean().optional(),
});
export type DspStageData = z.infer<typeof DspStageData>;

/** `release.dsp.<slug>.<stage>`: one store's lifecycle moved. */
export const dspStageEvent = (slug: string, stage: DspStage) => defineEvent(`release.dsp.${slug}.${stage}`, DspStageData);

/** Every store's every stage, for consumers (the subject filter `release.dsp.*.*`). */
export const AnyDspStageEvent = defineEvent('release.dsp.*.*', DspStageData);

/**
 * `release.distribution.<stage>`: the same lifecycle for deliveries routed through a partner. The
 * spec names it in the event catalogue, so subscribers may subscribe to it today; no delivery is
 * partner-routed yet, so nothing publishes it.
 */
export const AnyDistributionStageEvent = defineEvent('release.distribution.*', DspStageData);

/** The slug and stage of a `release.dsp.<slug>.<stage>` event type. */
export const parseDspStageType = (type: string): { slug: string; stage: string } | undefined => {
  const parts = type.split('.');
  if (parts.length !== 4 || parts[0] !== 'release' || parts[1] !== 'dsp') return undefined;
  return { slug: parts[2] ?? '', stage: parts[3] ?? '' };
};

export const DELIVERY_KINDS = ['new', 'update', 'takedown'] as const;
export const DeliveryKind = z.enum(DELIVERY_KINDS);
export type DeliveryKind = z.infer<typeof DeliveryKind>;

/** `rejected`: sent, and refused by the store (its acknowledgement said so, with its words in `error`). */
export const DELIVERY_STATES = ['queued', 'sending', 'sent', 'failed', 'cancelled', 'rejected'] as const;
export const DeliveryState = z.enum(DELIVERY_STATES);
export type DeliveryState = z.infer<typeof DeliveryState>;

/** The operator's `delivery stage` command body. */
export const SetStageBody = z.object({
  release_id: z.uuid(),
  dsp: z.string().trim().min(1),
  stage: ConfirmedStage,
});
export type SetStageBody = z.infer<typeof SetStageBody>;

/** The operator's `delivery onboarding` command, one step at a time. */
export const OnboardingStepBody = z.object({
  release_id: z.uuid(),
  dsp: z.string().trim().min(1).max(100),
  step: OnboardingStep,
});
export type OnboardingStepBody = z.infer<typeof OnboardingStepBody>;

/** One thing a step changed in what the store receives: a setting, from and to. */
export const OnboardingChange = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
export type OnboardingChange = z.infer<typeof OnboardingChange>;

/**
 * A step taken: what it changed and the delivery it makes. A new release or a takedown is queued
 * at once (`delivery_id`); a settings change reaches delivery as `release.config.changed`, which
 * queues the update a moment later (`delivery_id` null: the store's next update after `queued_after`).
 */
export const OnboardingStepReply = z.object({
  step: OnboardingStep,
  release_id: z.uuid(),
  dsp: z.string(),
  tenant_id: z.uuid(),
  kind: DeliveryKind,
  delivery_id: z.uuid().nullable(),
  queued_after: z.iso.datetime({ offset: true }),
  changes: z.array(OnboardingChange),
});
export type OnboardingStepReply = z.infer<typeof OnboardingStepReply>;

/** What the audio validator found in a track's uploaded file (problems in plain words; none: clean). */
export const AudioCheckedData = z.object({
  track_id: z.uuid(),
  release_id: z.uuid(),
  /** The file checked (its CDN address); a track whose audio was replaced since ignores the result. */
  audio_url: z.string(),
  problems: z.array(z.string()),
  integrated_lufs: z.number().nullable(),
  true_peak_dbfs: z.number().nullable(),
  checked_at: z.iso.datetime({ offset: true }),
});
export type AudioCheckedData = z.infer<typeof AudioCheckedData>;

/** Events of the delivery service beyond the per-DSP stages. */
export const DeliveryEvents = {
  audioChecked: defineEvent('track.audio_checked', AudioCheckedData),
};
