import { roundMicrosToCents } from '../ledger/money.ts';
import { apportion } from './largest-remainder.ts';

/*
 * From a statement's lines to what each payee is owed, for both money paths: the file-level
 * statement cycle (royalty lines, approved into the ledger) and finance (a period's matched sales,
 * computed into payee statements). Pure: the caller reads the lines and the splits in force, and
 * writes the outcome.
 */

export type AllocationPayeeType = 'artist' | 'user' | 'writer' | 'external' | 'tenant';

export interface AllocationPayee {
  type: AllocationPayeeType;
  /** The artist, user or writer; null for an external payee and the tenant. */
  id: string | null;
  name: string | null;
  email: string | null;
}

/** Lines of one recording (a track matched by ISRC, or a release by UPC), or lines that matched nothing. */
export interface AllocationLine {
  trackId: string | null;
  artistId: string | null;
  /** Exact, in millionths of the currency unit; negative for a store's adjustment. */
  micros: bigint;
}

/** One payee row of a track's split in force, as stored (its share in millionths of the whole). */
export interface SplitShare {
  payeeType: 'artist' | 'user' | 'writer' | 'external';
  artistId: string | null;
  userId: string | null;
  writerId: string | null;
  name: string;
  email: string | null;
  shareMillionths: number;
}

export interface PayeeAmount {
  payee: AllocationPayee;
  /** Exact, in millionths of the currency unit. */
  micros: bigint;
  /** What the payee is credited, in cents (minor units). */
  cents: bigint;
}

export interface Allocation {
  /** The lines' sum rounded half away from zero to cents: always the sum of the payees' cents. */
  totalCents: bigint;
  payees: PayeeAmount[];
}

export const TENANT_PAYEE: AllocationPayee = { type: 'tenant', id: null, name: null, email: null };

const MICROS_PER_CENT = 10_000n;

const payeeOfSplit = (row: SplitShare): AllocationPayee => {
  const id = row.payeeType === 'artist' ? row.artistId : row.payeeType === 'user' ? row.userId : row.payeeType === 'writer' ? row.writerId : null;
  return { type: row.payeeType, id, name: row.name, email: row.email };
};

const payeeOfLine = (line: AllocationLine): AllocationPayee => (line.artistId ? { type: 'artist', id: line.artistId, name: null, email: null } : TENANT_PAYEE);

/** One payee, one amount: an external payee is known by its email, the others by their record. */
const keyOf = (payee: AllocationPayee): string =>
  payee.type === 'external' ? `external:${(payee.email ?? payee.name ?? '').toLowerCase()}` : `${payee.type}:${payee.id ?? ''}`;

/** The lines netted per recording, in the order each recording first appears. */
const netPerRecording = (lines: readonly AllocationLine[]): AllocationLine[] => {
  const recordings = new Map<string, AllocationLine>();
  for (const line of lines) {
    const key = `${line.trackId ?? ''}:${line.artistId ?? ''}`;
    const recording = recordings.get(key);
    if (recording) recording.micros += line.micros;
    else recordings.set(key, { ...line });
  }
  return [...recordings.values()];
};

/**
 * What each payee is owed. A track with a split pays its payees by their shares; a track without
 * one, a release matched by UPC only (no track, so no split) and an unsplit line pay 100 % to their
 * artist, and a line tied to no artist pays the tenant.
 *
 * Money is never lost or invented; the remainder has two stated places, both the largest-remainder
 * rule of `apportion`:
 * 1. Lines of one recording are netted first (a store's adjustment cancels against its sales before
 *    anything is rounded), and the recording's exact amount (millionths) is split by the shares in
 *    force, the millionths left over going to the payees whose share lost the most (ties: the larger
 *    share, then the earlier split row). A negative recording is split by its magnitude and keeps its
 *    sign, so an adjustment takes back from each payee exactly what the same sale gave it. Shares
 *    need not sum to 100 %: three thirds of 33.333 % still pay out the whole amount.
 * 2. The statement total is the sum of all lines rounded half away from zero to cents, split among
 *    the payees by their exact (signed) amounts the same way: each payee's exact amount cut to a cent
 *    toward zero, the cents left go to the payees the cut took most from. Every payee's cents are its
 *    exact amount rounded down or up, and they always sum to the total.
 * Payees come in the order they first appear; a payee whose exact amount nets to zero is left out.
 */
export const allocateToPayees = (lines: readonly AllocationLine[], splitsByTrack: ReadonlyMap<string, readonly SplitShare[]>): Allocation => {
  const owed = new Map<string, { payee: AllocationPayee; micros: bigint }>();
  const add = (payee: AllocationPayee, micros: bigint) => {
    const key = keyOf(payee);
    const current = owed.get(key);
    if (current) current.micros += micros;
    else owed.set(key, { payee, micros });
  };
  let totalMicros = 0n;
  for (const recording of netPerRecording(lines)) {
    totalMicros += recording.micros;
    const split = (recording.trackId ? splitsByTrack.get(recording.trackId) : undefined)?.filter((row) => row.shareMillionths > 0) ?? [];
    if (split.length === 0) {
      add(payeeOfLine(recording), recording.micros);
      continue;
    }
    const shares = split.map((row) => BigInt(row.shareMillionths));
    const denominator = shares.reduce((sum, share) => sum + share, 0n);
    const parts = apportion(
      recording.micros,
      shares.map((share) => recording.micros * share),
      denominator,
    );
    split.forEach((row, index) => add(payeeOfSplit(row), parts[index]!));
  }
  const entries = [...owed.values()].filter((entry) => entry.micros !== 0n);
  const totalCents = roundMicrosToCents(totalMicros);
  const cents = apportion(
    totalCents,
    entries.map((entry) => entry.micros),
    MICROS_PER_CENT,
  );
  return { totalCents, payees: entries.map((entry, index) => ({ payee: entry.payee, micros: entry.micros, cents: cents[index]! })) };
};
