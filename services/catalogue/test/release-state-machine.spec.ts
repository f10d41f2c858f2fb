import { Messages, RELEASE_STATUSES, type ReleaseStatus } from '@sv/contracts';
import { releaseApprovedStillFires } from '../src/app/releases/release-approved-sunset.ts';
import {
  RELEASE_TRANSITION_NAMES,
  deleteRefusal,
  transitionFrom,
  updateRefusal,
  type ReleaseTransition,
} from '../src/app/releases/release-state-machine.ts';

/** The whole table: for each transition, every source status that may take it and where it leads. */
const ALLOWED: Record<ReleaseTransition, Partial<Record<ReleaseStatus, ReleaseStatus>>> = {
  submit: { draft: 'pending', rejected: 'pending' },
  approve: { pending: 'qc_inspection' },
  reject: { pending: 'rejected', qc_inspection: 'rejected' },
  qc_pass: { qc_inspection: 'approved' },
  qc_fail: { qc_inspection: 'rejected' },
  mark_live: { approved: 'live' },
  mark_taken_down: { approved: 'taken_down', live: 'taken_down' },
};

const cases = RELEASE_TRANSITION_NAMES.flatMap((transition) => RELEASE_STATUSES.map((from) => [transition, from] as const));

describe('release state machine', () => {
  it('covers every transition', () => {
    expect([...RELEASE_TRANSITION_NAMES].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it.each(cases)('%s from %s', (transition, from) => {
    const to = ALLOWED[transition][from];
    const outcome = transitionFrom(transition, from);
    if (to) expect(outcome).toEqual({ allowed: true, to });
    else expect(outcome).toEqual({ allowed: false, message: expect.any(String) });
  });

  it('refuses submit outside draft and rejected with the spec message (rule 1)', () => {
    for (const from of ['pending', 'qc_inspection', 'approved', 'live', 'taken_down'] as const) {
      expect(transitionFrom('submit', from)).toEqual({ allowed: false, message: Messages.onlyDraftOrRejectedSubmit });
    }
  });

  it('explains each approve refusal (rule 2)', () => {
    expect(transitionFrom('approve', 'qc_inspection')).toEqual({ allowed: false, message: Messages.approveAlreadyInQc });
    expect(transitionFrom('approve', 'approved')).toEqual({ allowed: false, message: Messages.approveAlreadyDelivered });
    expect(transitionFrom('approve', 'live')).toEqual({ allowed: false, message: Messages.approveAlreadyDelivered });
    expect(transitionFrom('approve', 'taken_down')).toEqual({ allowed: false, message: Messages.approveTakenDown });
    expect(transitionFrom('approve', 'draft')).toEqual({ allowed: false, message: Messages.approveNotSubmitted });
    expect(transitionFrom('approve', 'rejected')).toEqual({ allowed: false, message: Messages.approveNotSubmitted });
  });

  it('names the other refusals', () => {
    expect(transitionFrom('reject', 'draft')).toEqual({ allowed: false, message: Messages.onlyPendingOrQcReject });
    expect(transitionFrom('qc_pass', 'pending')).toEqual({ allowed: false, message: Messages.onlyQcInspectionResult });
    expect(transitionFrom('qc_fail', 'approved')).toEqual({ allowed: false, message: Messages.onlyQcInspectionResult });
    expect(transitionFrom('mark_live', 'live')).toEqual({ allowed: false, message: Messages.onlyApprovedGoLive });
    expect(transitionFrom('mark_taken_down', 'taken_down')).toEqual({ allowed: false, message: Messages.onlyApprovedOrLiveTakedown });
  });

  it.each(RELEASE_STATUSES)('update and delete guards in %s (rules 3 and 4)', (status) => {
    expect(updateRefusal(status)).toBe(['draft', 'pending', 'rejected'].includes(status) ? null : Messages.onlyDraftOrPendingUpdate);
    expect(deleteRefusal(status)).toBe(['draft', 'rejected'].includes(status) ? null : Messages.onlyDraftOrRejectedDelete);
  });
});

describe('release.approved sunset', () => {
  it('fires before 2026-12-14 and never from that day on', () => {
    expect(releaseApprovedStillFires(new Date('2026-12-13T23:59:59.999Z'))).toBe(true);
    expect(releaseApprovedStillFires(new Date('2026-12-14T00:00:00Z'))).toBe(false);
    expect(releaseApprovedStillFires(new Date('2027-06-01T00:00:00Z'))).toBe(false);
  });
});
