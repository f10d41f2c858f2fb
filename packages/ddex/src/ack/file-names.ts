/*
 * Acknowledgement files as the DDEX cloud choreography names them:
 * `ACK_<YYYYMMDDhhmmssnnn>_<ReleaseId>.xml`, the time being when the store wrote it.
 */

const ACK_FILE = /^ACK_(\d{14,17})_(.+)\.xml$/i;

/** `2025-03-01T10:24:12.345Z` → `20250301102412345` (UTC). */
const compactTimestamp = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`"${iso}" is not an ISO 8601 date-time.`);
  return date.toISOString().replace(/[-:T.Z]/g, '');
};

export const acknowledgementFileName = (created_at: string, release_id: string): string =>
  `ACK_${compactTimestamp(created_at)}_${release_id}.xml`;

/** The release id and timestamp digits of an acknowledgement file name; null for any other file. */
export const parseAcknowledgementFileName = (fileName: string): { timestamp: string; release_id: string } | null => {
  const match = ACK_FILE.exec(fileName);
  return match ? { timestamp: match[1] ?? '', release_id: match[2] ?? '' } : null;
};
