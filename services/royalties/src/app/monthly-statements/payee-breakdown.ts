import { apportion } from '../allocation/largest-remainder.ts';
import { allocateToPayees, type SplitShare } from '../allocation/payee-allocation.ts';
import type { PrincipalPayee } from '../ledger/ledger.ts';

/** The lines of one report for one recording (track and artist) at one release title and store, summed. */
export interface ReportLineGroup {
  statementId: string;
  trackId: string | null;
  artistId: string | null;
  releaseTitle: string;
  dsp: string;
  streams: number;
  micros: bigint;
}

/** A breakdown row: one release at one store, with the streams and the payee's revenue its report lines gave. */
export interface BreakdownRow {
  releaseTitle: string;
  dsp: string;
  streams: number;
  revenueMicros: bigint;
}

/** Per report, the split of each track that applied when the report was approved. */
export type SplitsByReport = ReadonlyMap<string, ReadonlyMap<string, readonly SplitShare[]>>;

const NO_SPLITS: ReadonlyMap<string, readonly SplitShare[]> = new Map();

const isPayee = (payee: PrincipalPayee, allocated: { type: string; id: string | null }): boolean => allocated.type === payee.type && allocated.id === payee.id;

/**
 * The payee's fraction of a recording as `share / whole`, or null when it has none. It mirrors the
 * allocation: the split's rows with a positive share when there are any, else the line's own payee
 * (its artist, or the workspace for a line tied to no artist) at 100 %.
 */
const fractionOf = (payee: PrincipalPayee, recording: ReportLineGroup, splits: ReadonlyMap<string, readonly SplitShare[]>): { share: bigint; whole: bigint } | null => {
  const split = (recording.trackId ? splits.get(recording.trackId) : undefined)?.filter((row) => row.shareMillionths > 0) ?? [];
  if (split.length === 0) return isPayee(payee, recording.artistId ? { type: 'artist', id: recording.artistId } : { type: 'tenant', id: null }) ? { share: 1n, whole: 1n } : null;
  const whole = split.reduce((sum, row) => sum + BigInt(row.shareMillionths), 0n);
  const share = split.filter((row) => isPayee(payee, { type: row.payeeType, id: row.artistId })).reduce((sum, row) => sum + BigInt(row.shareMillionths), 0n);
  return share > 0n ? { share, whole } : null;
};

/** The groups of each report's recording, in the order the recordings first appear. */
const recordingsOf = (groups: readonly ReportLineGroup[]): ReportLineGroup[][] => {
  const recordings = new Map<string, ReportLineGroup[]>();
  for (const group of groups) {
    const key = `${group.statementId}:${group.trackId ?? ''}:${group.artistId ?? ''}`;
    const recording = recordings.get(key);
    if (recording) recording.push(group);
    else recordings.set(key, [group]);
  }
  return [...recordings.values()];
};

const byRevenueThenName = (a: BreakdownRow, b: BreakdownRow): number =>
  a.revenueMicros > b.revenueMicros ? -1 : a.revenueMicros < b.revenueMicros ? 1 : a.releaseTitle.localeCompare(b.releaseTitle) || a.dsp.localeCompare(b.dsp);

/**
 * A payee's breakdown of a month: per release and store, its part of the report lines under the
 * split that applied when each report was approved, largest revenue first.
 *
 * Each recording's part is taken from the allocation the approval posted to the ledger, so the rows
 * sum to the payee's ledger amounts to the micro-unit; it is then spread over the recording's release
 * and store groups by their exact parts with the same largest-remainder rule. A payee with a share of
 * a recording sees all of its streams: streams are not money and are not divided.
 */
export const payeeBreakdown = (payee: PrincipalPayee, groups: readonly ReportLineGroup[], splitsByReport: SplitsByReport): BreakdownRow[] => {
  const rows = new Map<string, BreakdownRow>();
  for (const recording of recordingsOf(groups)) {
    const first = recording[0]!;
    const splits = splitsByReport.get(first.statementId) ?? NO_SPLITS;
    const fraction = fractionOf(payee, first, splits);
    if (!fraction) continue;
    const allocation = allocateToPayees(recording, splits);
    const part = allocation.payees.find((owed) => isPayee(payee, owed.payee))?.micros ?? 0n;
    const parts = apportion(
      part,
      recording.map((group) => group.micros * fraction.share),
      fraction.whole,
    );
    recording.forEach((group, index) => {
      const key = JSON.stringify([group.releaseTitle, group.dsp]);
      const row = rows.get(key) ?? { releaseTitle: group.releaseTitle, dsp: group.dsp, streams: 0, revenueMicros: 0n };
      row.streams += group.streams;
      row.revenueMicros += parts[index]!;
      rows.set(key, row);
    });
  }
  return [...rows.values()].sort(byRevenueThenName);
};
