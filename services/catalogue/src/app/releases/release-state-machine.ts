import { Messages, type ReleaseStatus } from '@sv/contracts';

/**
 * The release state machine (spec, States and transitions / Release status), as data: each
 * transition's allowed source states and target, and the 409 message when the source is wrong.
 * Pure: no I/O; the use-cases lock the row, ask here, then apply and record the event.
 */
export const RELEASE_TRANSITIONS = {
  /** POST /releases/{uuid}/submit (rule 1). */
  submit: { from: ['draft', 'rejected'], to: 'pending' },
  /** POST /releases/{uuid}/approve (rule 2): into QC, nothing delivered yet. */
  approve: { from: ['pending'], to: 'qc_inspection' },
  /** POST /releases/{uuid}/reject, with a reason. */
  reject: { from: ['pending', 'qc_inspection'], to: 'rejected' },
  /** The delivery service: QC passed. */
  qc_pass: { from: ['qc_inspection'], to: 'approved' },
  /** The delivery service: QC failed, with a reason. */
  qc_fail: { from: ['qc_inspection'], to: 'rejected' },
  /** The delivery service: a store went live. */
  mark_live: { from: ['approved'], to: 'live' },
  /** The delivery service: the takedown was sent. */
  mark_taken_down: { from: ['approved', 'live'], to: 'taken_down' },
} as const satisfies Record<string, { from: readonly ReleaseStatus[]; to: ReleaseStatus }>;

export type ReleaseTransition = keyof typeof RELEASE_TRANSITIONS;
export const RELEASE_TRANSITION_NAMES = Object.keys(RELEASE_TRANSITIONS) as ReleaseTransition[];

const approveRefusal = (from: ReleaseStatus): string => {
  if (from === 'qc_inspection') return Messages.approveAlreadyInQc;
  if (from === 'approved' || from === 'live') return Messages.approveAlreadyDelivered;
  if (from === 'taken_down') return Messages.approveTakenDown;
  return Messages.approveNotSubmitted;
};

const REFUSALS: Record<ReleaseTransition, (from: ReleaseStatus) => string> = {
  submit: () => Messages.onlyDraftOrRejectedSubmit,
  approve: approveRefusal,
  reject: () => Messages.onlyPendingOrQcReject,
  qc_pass: () => Messages.onlyQcInspectionResult,
  qc_fail: () => Messages.onlyQcInspectionResult,
  mark_live: () => Messages.onlyApprovedGoLive,
  mark_taken_down: () => Messages.onlyApprovedOrLiveTakedown,
};

export type TransitionOutcome = { allowed: true; to: ReleaseStatus } | { allowed: false; message: string };

/** Where `transition` takes a release in status `from`, or why it may not. */
export const transitionFrom = (transition: ReleaseTransition, from: ReleaseStatus): TransitionOutcome => {
  const rule = RELEASE_TRANSITIONS[transition];
  return (rule.from as readonly ReleaseStatus[]).includes(from)
    ? { allowed: true, to: rule.to }
    : { allowed: false, message: REFUSALS[transition](from) };
};

/**
 * Rule 4: a release's own fields change in draft or pending, and (beyond the reference) after a
 * rejection, so the reason can be fixed before the release is submitted again.
 */
export const EDITABLE_STATUSES: readonly ReleaseStatus[] = ['draft', 'pending', 'rejected'];
/** Rule 3: only draft or rejected releases can be deleted. */
export const DELETABLE_STATUSES: readonly ReleaseStatus[] = ['draft', 'rejected'];

/** The 409 message refusing an update in `status`, or null when it is allowed. */
export const updateRefusal = (status: ReleaseStatus): string | null =>
  EDITABLE_STATUSES.includes(status) ? null : Messages.onlyDraftOrPendingUpdate;

/** The 409 message refusing a delete in `status`, or null when it is allowed. */
export const deleteRefusal = (status: ReleaseStatus): string | null =>
  DELETABLE_STATUSES.includes(status) ? null : Messages.onlyDraftOrRejectedDelete;
