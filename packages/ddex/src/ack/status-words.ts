import type { AcknowledgedStatus } from './acknowledgement.ts';

/*
 * Stores word their statuses differently: DDEX's own FileOK / FileNotOK and ReleaseStatus
 * values, or plain Accepted, Live, Published, TakenDown… The text is split into words
 * (`ProcessingErrorAtReleaseDistributor` → processing, error, at, release, distributor) and
 * read in order of severity, so "not OK" or an error always wins over anything positive.
 */

const words = (text: string): string[] =>
  (text.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((word) => word.toLowerCase());

const REJECTED = new Set(['rejected', 'reject', 'error', 'errors', 'failed', 'failure', 'corrupt', 'invalid', 'refused']);
const TAKEN_DOWN = new Set(['takedown', 'takendown', 'removed', 'withdrawn', 'deleted']);
const LIVE = new Set(['live', 'published', 'available', 'online']);
const UPDATED = new Set(['updated']);
const ACCEPTED = new Set(['accepted', 'ok', 'success', 'successful', 'successfully', 'ingested', 'received', 'processed', 'delivered']);

/** The platform's reading of a store's status text; undefined when it says nothing recognisable. */
export const statusFromText = (text: string): AcknowledgedStatus | undefined => {
  const found = words(text);
  const has = (set: Set<string>) => found.some((word) => set.has(word));
  const joined = found.join('');
  if (has(REJECTED) || (found.includes('not') && found.includes('ok'))) return 'rejected';
  // Any other negation ("NotAvailable") is not a status we can read as positive.
  if (found.includes('not')) return undefined;
  if (has(TAKEN_DOWN) || joined.includes('takendown') || joined.includes('takedown')) return 'taken_down';
  if (has(LIVE)) return 'live';
  if (has(UPDATED)) return 'updated';
  if (has(ACCEPTED)) return 'accepted';
  return undefined;
};
