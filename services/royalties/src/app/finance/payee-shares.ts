import { allocate, roundMicrosToMinor } from './finance-money.ts';

/*
 * From a period's matched sales to what each payee is owed. Pure: the caller reads the sales and
 * the splits in force, and writes the statements.
 */

export type FinancePayeeType = 'artist' | 'user' | 'writer' | 'external' | 'tenant';

export interface FinancePayee {
  type: FinancePayeeType;
  id: string | null;
  name: string | null;
  email: string | null;
}

/** The matched sales of one recording in a period: a track (matched by ISRC) or a release (by UPC). */
export interface MatchedSales {
  trackId: string | null;
  artistId: string | null;
  micros: bigint;
}

/** One payee row of a track's split in force, as stored (share in hundredths of a percent). */
export interface SplitShare {
  payeeType: 'artist' | 'user' | 'writer' | 'external';
  artistId: string | null;
  userId: string | null;
  writerId: string | null;
  name: string;
  email: string | null;
  shareHundredths: number;
}

export interface PayeeAmount {
  payee: FinancePayee;
  /** Exact, in millionths of the currency unit. */
  micros: bigint;
  /** The payee statement's amount, in minor units. */
  minor: bigint;
}

export const TENANT_PAYEE: FinancePayee = { type: 'tenant', id: null, name: null, email: null };

const payeeOfSplit = (row: SplitShare): FinancePayee => {
  const id = row.payeeType === 'artist' ? row.artistId : row.payeeType === 'user' ? row.userId : row.payeeType === 'writer' ? row.writerId : null;
  return { type: row.payeeType, id, name: row.name, email: row.email };
};

/** One payee, one statement: an external payee is known by its email, the others by their record. */
const keyOf = (payee: FinancePayee): string =>
  payee.type === 'external' ? `external:${(payee.email ?? payee.name ?? '').toLowerCase()}` : `${payee.type}:${payee.id ?? ''}`;

/**
 * What each payee is owed. A track with a split pays its payees by their shares; a track without
 * one, and a release matched by UPC only (no track, so no split), pays 100 % to its artist, or to
 * the tenant when it has none.
 *
 * Money is never lost or invented, and the remainder has two stated places, both the
 * largest-remainder rule of `allocate`: (1) each recording's exact amount (millionths) is split
 * by the shares, the millionths left over going to the payees whose share lost the most (ties:
 * the larger share, then the earlier split row), so a 33.33/33.33/33.34 split of an odd amount
 * gives its extra millionth to the 33.34 % payee; (2) the statement total is the matched sum
 * rounded half up to minor units, split among the payees by their exact amounts the same way, so
 * the cent left over goes to the payee whose exact amount lost the most to rounding. A split that
 * sums to 99.99 % (three thirds) still pays out the whole amount.
 */
export const payeeAmounts = (sales: readonly MatchedSales[], splitsByTrack: ReadonlyMap<string, readonly SplitShare[]>): { totalMinor: bigint; payees: PayeeAmount[] } => {
  const owed = new Map<string, { payee: FinancePayee; micros: bigint }>();
  const add = (payee: FinancePayee, micros: bigint) => {
    const key = keyOf(payee);
    const current = owed.get(key);
    if (current) current.micros += micros;
    else owed.set(key, { payee, micros });
  };
  let matchedMicros = 0n;
  for (const sale of sales) {
    matchedMicros += sale.micros;
    const split = (sale.trackId ? splitsByTrack.get(sale.trackId) : undefined)?.filter((row) => row.shareHundredths > 0) ?? [];
    if (split.length === 0) {
      add(sale.artistId ? { type: 'artist', id: sale.artistId, name: null, email: null } : TENANT_PAYEE, sale.micros);
      continue;
    }
    const parts = allocate(
      sale.micros,
      split.map((row) => BigInt(row.shareHundredths)),
    );
    split.forEach((row, index) => add(payeeOfSplit(row), parts[index]!));
  }
  const totalMinor = roundMicrosToMinor(matchedMicros);
  const entries = [...owed.values()].filter((entry) => entry.micros > 0n);
  if (entries.length === 0) return { totalMinor: 0n, payees: [] };
  const minors = allocate(
    totalMinor,
    entries.map((entry) => entry.micros),
  );
  return { totalMinor, payees: entries.map((entry, index) => ({ payee: entry.payee, micros: entry.micros, minor: minors[index]! })) };
};
