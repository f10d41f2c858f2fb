import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeliveryOperation,
  DspListReply,
  Messages,
  OnboardingStepReply,
  SupplyChainOperation,
  systemPrincipal,
  type OnboardingChange,
  type OnboardingStep,
  type ParsedServiceReply,
} from '@sv/contracts';
import { DomainError, parseOrThrow } from '@sv/platform';
import { z } from 'zod';
import type { AdminCommand, AdminContext } from './admin-commands.ts';

/*
 * `delivery onboarding --release UUID --dsp SLUG` (sandbox): sends a store's onboarding series,
 * as its registry entry lists it, as real deliveries into the sandbox's drop. Each step is asked
 * of the delivery service, then followed until its message is sent, before the next: each
 * message is an update of the one before, and each passed the schema and release-profile checks
 * every delivery passes before it is sent.
 */

/** The nil UUID: the operator acts for no tenant; the delivery service finds the release's own. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

/** How often a step's delivery is read while it waits to be sent. */
const POLL_MS = 500;
/** How long one step may take from its request to its message being sent. */
const STEP_TIMEOUT_MS = 180_000;

const OnboardingFlags = z.object({
  release: z.uuid().describe('the release (uuid): approved in the sandbox, at least two tracks, not yet sent to the store'),
  dsp: z.string().trim().min(1).max(100).describe('the store\'s slug (its registry entry names its onboarding series)'),
});

const SentDelivery = z.object({
  uuid: z.uuid(),
  dsp: z.object({ slug: z.string() }),
  kind: z.string(),
  state: z.string(),
  message_id: z.string(),
  batch_id: z.string(),
  files: z.array(z.unknown()),
  error: z.string().nullable(),
  created_at: z.string(),
});
type SentDelivery = z.infer<typeof SentDelivery>;

export interface OnboardingStepResult {
  step: OnboardingStep;
  kind: string;
  delivery_id: string;
  message_id: string;
  batch_id: string;
  state: string;
  changes: OnboardingChange[];
}

export interface OnboardingResult {
  onboarding: { release_id: string; dsp: string; steps: OnboardingStepResult[] };
}

const refusal = (service: string, reply: ParsedServiceReply): DomainError => {
  const body = reply.body as { error?: string; errors?: unknown } | undefined;
  return new DomainError('bad_request', `${body?.error ?? `${service} answered ${reply.status}`}${body?.errors ? ` ${JSON.stringify(body.errors)}` : ''}`);
};

const seriesOf = async ({ ask }: AdminContext, slug: string): Promise<{ name: string; series: OnboardingStep[] }> => {
  const reply = await ask('supply-chain', { operation: SupplyChainOperation.dsps, principal: systemPrincipal(NO_TENANT, 'admin') }, 15_000);
  if (reply.status !== 200) throw refusal('supply-chain', reply);
  const dsp = DspListReply.parse(reply.body).dsps.find((candidate) => candidate.slug === slug);
  if (!dsp) throw new DomainError('not_found', Messages.dspNotFound(slug));
  if (!dsp.onboarding_series || dsp.onboarding_series.length === 0) throw new DomainError('bad_request', Messages.onboardingNotAsked(dsp.name));
  return { name: dsp.name, series: dsp.onboarding_series };
};

/** The step's delivery: the one queued, or the store's first update queued after the step's change. */
const stepDelivery = (deliveries: SentDelivery[], step: OnboardingStepReply): SentDelivery | undefined =>
  step.delivery_id !== null
    ? deliveries.find((delivery) => delivery.uuid === step.delivery_id)
    : deliveries
        .filter((delivery) => delivery.dsp.slug === step.dsp && delivery.kind === step.kind && delivery.created_at >= step.queued_after)
        .sort((a, b) => a.created_at.localeCompare(b.created_at))[0];

/** Reads the release's deliveries until the step's message is sent; a failure or the time running out is an error. */
const untilSent = async ({ ask }: AdminContext, step: OnboardingStepReply): Promise<SentDelivery> => {
  const principal = systemPrincipal(step.tenant_id, 'admin');
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    const reply = await ask('delivery', { operation: DeliveryOperation.deliveries, params: { uuid: step.release_id }, query: { per_page: '100' }, principal }, 15_000);
    if (reply.status !== 200) throw refusal('delivery', reply);
    const delivery = stepDelivery(z.array(SentDelivery).parse((reply.body as { deliveries?: unknown }).deliveries), step);
    if (delivery?.state === 'sent') return delivery;
    if (delivery && ['failed', 'rejected', 'cancelled'].includes(delivery.state)) {
      throw new DomainError('bad_request', Messages.onboardingStepFailed(step.step, delivery.state, delivery.error ?? 'no reason given'));
    }
    if (Date.now() > deadline) {
      throw new DomainError('unavailable', `The ${step.step} delivery was not sent within ${STEP_TIMEOUT_MS / 1000} s (${delivery ? `it is ${delivery.state}` : 'none was queued'}); is the sandbox's delivery service running?`);
    }
    await sleep(POLL_MS);
  }
};

const display = ({ onboarding }: OnboardingResult): string =>
  [
    `${onboarding.dsp} onboarding series for release ${onboarding.release_id}: ${onboarding.steps.length} messages sent`,
    ...onboarding.steps.flatMap((step, index) => [
      `${index + 1}. ${step.step} (${step.kind}) message ${step.message_id}, batch ${step.batch_id}`,
      ...step.changes.map((change) => `     ${change.field}: ${JSON.stringify(change.from)} -> ${JSON.stringify(change.to)}`),
    ]),
  ].join('\n');

export const deliveryOnboardingCommand: AdminCommand = {
  summary: 'Sends a store\'s onboarding series (sandbox only): a new release, updates of it, a takedown, each a real delivery; prints what each changed.',
  flags: OnboardingFlags,
  example: 'delivery onboarding --env sandbox --release 0b6f…-… --dsp spotify',
  run: async (context, flags) => {
    const input = parseOrThrow(OnboardingFlags, flags);
    if (context.bus.environment !== 'sandbox') throw new DomainError('bad_request', Messages.onboardingSandboxOnly);
    const slug = input.dsp.toLowerCase();
    const { series } = await seriesOf(context, slug);
    const steps: OnboardingStepResult[] = [];
    for (const name of series) {
      context.progress?.update(`${slug} onboarding: step ${steps.length + 1} of ${series.length}, ${name}…`);
      const reply = await context.ask(
        'delivery',
        { operation: DeliveryOperation.onboardingStep, body: { release_id: input.release, dsp: slug, step: name }, principal: systemPrincipal(NO_TENANT, 'admin') },
        30_000,
      );
      if (reply.status !== 200) throw refusal('delivery', reply);
      const step = OnboardingStepReply.parse(reply.body);
      const sent = await untilSent(context, step);
      steps.push({ step: name, kind: sent.kind, delivery_id: sent.uuid, message_id: sent.message_id, batch_id: sent.batch_id, state: sent.state, changes: step.changes });
    }
    context.progress?.end();
    const result: OnboardingResult = { onboarding: { release_id: input.release, dsp: slug, steps } };
    return { result, text: display(result) };
  },
};
