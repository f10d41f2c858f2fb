import type { EntityManager } from '@mikro-orm/postgresql';
import { ReleaseEvents, type ReleaseStatus } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import type { Release } from '../../db/entities/release.entity.ts';
import { changeVisibleRelease, touch, type ReleaseViewer } from './release-access.ts';
import { releaseApprovedStillFires, systemClock, type Clock } from './release-approved-sunset.ts';
import { releaseChange } from './release-changes.ts';
import { transitionFrom, type ReleaseTransition } from './release-state-machine.ts';
import { ReleaseStateConflictError } from './releases.errors.ts';

/** The status `transition` leads to from the release's status, or the state machine's 409. */
export const assertTransition = (transition: ReleaseTransition, release: Release): ReleaseStatus => {
  const outcome = transitionFrom(transition, release.status as ReleaseStatus);
  if (!outcome.allowed) throw new ReleaseStateConflictError(outcome.message, transition);
  return outcome.to;
};

export interface TransitionInput {
  /** Why a release is rejected (reject, qc_fail). */
  reason?: string;
}

type Effect = (em: EntityManager, release: Release, now: Date, input: TransitionInput) => void;

const rejection: Effect = (em, release, _now, input) => {
  const reason = input.reason ?? '';
  release.rejectionReason = reason;
  recordEvent(em, ReleaseEvents.rejected, release.tenantId, { release_id: release.id, title: release.title, reason });
};

/** What each transition sets besides the status, and the events it commits with. */
const EFFECTS: Record<ReleaseTransition, Effect> = {
  submit: (em, release, now) => {
    release.submittedAt = now;
    release.firstSubmittedAt ??= now;
    release.rejectionReason = null;
    recordEvent(em, ReleaseEvents.submitted, release.tenantId, releaseChange(release));
  },
  approve: (em, release) => {
    recordEvent(em, ReleaseEvents.qcPending, release.tenantId, releaseChange(release));
  },
  reject: rejection,
  qc_fail: rejection,
  qc_pass: (em, release, now) => {
    const ref = { release_id: release.id, title: release.title };
    // Both fire once per release, ever: the timestamps remember that they did.
    if (!release.approvedAt) {
      release.approvedAt = now;
      if (releaseApprovedStillFires(now)) recordEvent(em, ReleaseEvents.approved, release.tenantId, ref);
    }
    if (!release.deliveredAt) {
      release.deliveredAt = now;
      recordEvent(em, ReleaseEvents.delivered, release.tenantId, ref);
    }
  },
  mark_live: (em, release, now) => {
    release.liveAt ??= now;
    recordEvent(em, ReleaseEvents.live, release.tenantId, releaseChange(release));
  },
  mark_taken_down: (em, release, now) => {
    release.takenDownAt = now;
    recordEvent(em, ReleaseEvents.takenDown, release.tenantId, releaseChange(release));
  },
};

/** Moves a locked release along `transition` and records its events in the same transaction. */
export const applyTransition = (
  em: EntityManager,
  release: Release,
  transition: ReleaseTransition,
  input: TransitionInput = {},
  now: Date = new Date(),
): Release => {
  release.status = assertTransition(transition, release);
  touch(release, now);
  EFFECTS[transition](em, release, now, input);
  return release;
};

/**
 * approve, reject and the delivery service's commands: one transaction that locks the release,
 * re-checks the state machine on what it reads, applies the move and commits it with its events.
 */
export const transitionRelease = (
  em: EntityManager,
  viewer: ReleaseViewer,
  releaseId: string,
  transition: Exclude<ReleaseTransition, 'submit'>,
  input: TransitionInput = {},
  clock: Clock = systemClock,
): Promise<Release> =>
  changeVisibleRelease(em, viewer, releaseId, async (tx, release) => applyTransition(tx, release, transition, input, clock.now()));
