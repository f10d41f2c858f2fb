import { DeterministicFault } from '@sv/platform';
import type { GiveUpReason } from './attempt-verdict.ts';
import type { ClaimedDelivery } from './claimed-delivery.ts';
import type { SendOutcome } from './http-sender.ts';

/** An attempt that ends its delivery: what the attempt log records of it, in the queue's give-up transaction. */
export interface FinalAttempt {
  delivery: ClaimedDelivery;
  outcome: SendOutcome;
  finishedAt: Date;
}

const WHY: Record<GiveUpReason, string> = {
  gone: 'The receiver answered 410 Gone; the subscription is deactivated.',
  refused: 'The target is refused by the outbound address policy.',
  window: 'The retry window is over.',
  attempts: 'The attempts are spent.',
};

const reasonText = (outcome: SendOutcome, reason: GiveUpReason): string => `${outcome.error ?? `HTTP ${outcome.statusCode}`} ${WHY[reason]}`;

/**
 * A passing failure (no response, a 5xx, a 3xx...) on the delivery's last allowed attempt: an
 * ordinary error, so the work queue, its attempts spent, ends the delivery dead with this text.
 */
export class AttemptsSpent extends Error implements FinalAttempt {
  override name = 'AttemptsSpent';
  readonly delivery: ClaimedDelivery;
  readonly outcome: SendOutcome;
  readonly finishedAt: Date;

  constructor(attempt: FinalAttempt) {
    super(reasonText(attempt.outcome, 'attempts'));
    this.delivery = attempt.delivery;
    this.outcome = attempt.outcome;
    this.finishedAt = attempt.finishedAt;
  }
}

/**
 * An attempt no retry can change (410 Gone, a refused address, the subscription gone, the
 * window over): the work queue fails the delivery at once with this text.
 */
export class DeliveryRefused extends DeterministicFault implements FinalAttempt {
  override name = 'DeliveryRefused';
  readonly delivery: ClaimedDelivery;
  readonly outcome: SendOutcome;
  readonly finishedAt: Date;
  readonly reason: GiveUpReason | 'inactive';

  constructor(attempt: FinalAttempt, reason: GiveUpReason | 'inactive') {
    super(reason === 'inactive' ? (attempt.outcome.error ?? 'The subscription is inactive.') : reasonText(attempt.outcome, reason));
    this.delivery = attempt.delivery;
    this.outcome = attempt.outcome;
    this.finishedAt = attempt.finishedAt;
    this.reason = reason;
  }
}

/** The attempt a give-up came from, when the cause is one; undefined for other errors. */
export const finalAttemptOf = (cause: unknown): FinalAttempt | undefined =>
  cause instanceof AttemptsSpent || cause instanceof DeliveryRefused ? cause : undefined;
