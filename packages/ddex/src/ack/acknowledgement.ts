/** What a store reports about one release in an acknowledgement. */
export const ACKNOWLEDGED_STATUSES = ['accepted', 'live', 'updated', 'taken_down', 'rejected'] as const;
export type AcknowledgedStatus = (typeof ACKNOWLEDGED_STATUSES)[number];

export interface AcknowledgedRelease {
  /** The release's ICPN (UPC), or another identifier the store used when it gave no ICPN. */
  release_id: string;
  /** The MessageId of the NewReleaseMessage being acknowledged, when the store names it. */
  acknowledged_message_id: string | null;
  status: AcknowledgedStatus;
  error_text: string | null;
}

/** An ErnAcknowledgementStatusMessage, as far as the platform uses it. */
export interface ErnAcknowledgement {
  message_id: string | null;
  created_at: string | null;
  releases: AcknowledgedRelease[];
}

/** The file is not an acknowledgement the platform can read (wrong root, DOCTYPE, too large…). */
export class ErnAcknowledgementError extends Error {
  override name = 'ErnAcknowledgementError';
}
