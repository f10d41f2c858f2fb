import type pg from 'pg';
import type { LineMatch } from './load-code-matcher.ts';
import { copyChunks, copyLine, COPY_CHUNK } from './pg-copy.ts';
import { STREAM_COUNTS, type StreamRecord } from './report-records.ts';

/** Recordings a day a load sums as it reads before it leaves its fresh days to SQL: a bound on its memory. */
export const FRESH_ROLLUP_GROUPS = 250_000;

interface RecordingDay {
  day: string;
  recordingKey: string;
  isrc: string | null;
  upc: string | null;
  match: LineMatch;
  title: string;
  artistName: string;
  counts: number[];
  rows: number;
}

/** The greater of two texts (by code point, as the SQL rollup's `collate "C"`), either of which may be missing. */
const greater = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a >= b ? a : b);

/**
 * The recording day rollup of a load's fresh days (days the tenant had no stream rows of), summed
 * as the lines are read instead of read back from the rows written: one group per day and
 * recording as matched, as the SQL rollup groups them. Past FRESH_ROLLUP_GROUPS groups it gives
 * up (`complete` turns false) and the rollup is summed from the rows.
 */
export const freshDayRollup = (limit = FRESH_ROLLUP_GROUPS) => {
  const fresh = new Set<string>();
  const groups = new Map<string, RecordingDay>();
  let complete = true;
  return {
    get complete(): boolean {
      return complete;
    },
    markFresh(days: Iterable<string>): void {
      for (const day of days) fresh.add(day);
    },
    add(record: StreamRecord, match: LineMatch): void {
      if (!complete || !fresh.has(record.day)) return;
      const recordingKey = record.isrc ?? `upc:${record.upc}`;
      const key = `${record.day}\t${recordingKey}\t${match.trackId}\t${match.releaseId}\t${match.artistId}\t${match.matchedBy}`;
      let group = groups.get(key);
      if (group === undefined) {
        if (groups.size >= limit) {
          complete = false;
          groups.clear();
          return;
        }
        group = { day: record.day, recordingKey, isrc: null, upc: null, match, title: record.title, artistName: record.artistName, counts: STREAM_COUNTS.map(() => 0), rows: 0 };
        groups.set(key, group);
      }
      group.isrc = greater(group.isrc, record.isrc);
      group.upc = greater(group.upc, record.upc);
      group.title = greater(group.title, record.title)!;
      group.artistName = greater(group.artistName, record.artistName)!;
      for (let index = 0; index < STREAM_COUNTS.length; index++) group.counts[index]! += record.counts[STREAM_COUNTS[index]!];
      group.rows += 1;
    },
    /** COPYs the groups into the recording day rollup (whose rows of these days the caller has removed). */
    async write(client: pg.Client, tenantId: string): Promise<void> {
      if (!complete) throw new Error('the fresh days were not all summed: sum them from the rows');
      async function* chunks(): AsyncGenerator<string> {
        let chunk = '';
        for (const group of groups.values()) {
          const { match } = group;
          chunk += copyLine([tenantId, group.day, group.recordingKey, group.isrc, group.upc, match.trackId, match.releaseId, match.artistId, match.matchedBy, group.title, group.artistName, ...group.counts, group.rows]);
          if (chunk.length >= COPY_CHUNK) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk !== '') yield chunk;
      }
      const columns = ['tenant_id', 'day', 'recording_key', 'isrc', 'upc', 'track_id', 'release_id', 'artist_id', 'matched_by', 'title', 'artist_name', ...STREAM_COUNTS, 'row_count'];
      await copyChunks(client, '"analytics"."stream_recording_day"', columns, chunks());
    },
  };
};

export type FreshDayRollup = ReturnType<typeof freshDayRollup>;
