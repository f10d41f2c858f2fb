import type pg from 'pg';
import type { LoadCodeMatcher } from './load-code-matcher.ts';
import { COPY_CHUNK, copyChunks, copyLine } from './pg-copy.ts';
import { RECORDING_COLUMNS, type KindShape } from './report-kinds.ts';
import { MalformedReportError } from './streaming.errors.ts';

/** Lines read, matched and sent to COPY together: their new codes are looked up in one round. */
export const COPY_BATCH = 2_000;

const NO_STORE = 'the file names no store: add a store column, or give the store with --store';

/** What writing a file's rows found out about it. */
export interface WrittenFacts {
  /** The one store the file is of. */
  store: string;
  rows: number;
  firstDay: string | null;
  lastDay: string | null;
  /** The distinct days and territories of its rows. */
  days: Set<string>;
  territories: Set<string>;
  matched: { isrc: number; upc: number; unmatched: number };
}

interface FactRecord {
  line: number;
  store: string | null;
  day: string;
  isrc: string | null;
  upc: string | null;
  territory?: string | null;
}

export interface FactCopy {
  tenantId: string;
  /** The load's number, by which its rows and matches name it (the report file's `load_number`). */
  loadNumber: number;
  /** The operator's store (fixed over what the lines say), or the file header's; else the lines'. */
  store: string | null;
  storeFixed: boolean;
  matcher: LoadCodeMatcher;
  /** Told of each record read. */
  onRecord?: () => void;
  /** Told the first record's day before any row is written (the month partitions it needs are made then). */
  beforeFirstRow?: (day: string) => Promise<void>;
  /** Told of days the file has not had before, before any row of theirs is written. */
  onNewDays?: (days: string[]) => Promise<void>;
  /** New matches held before they are recorded (MATCHES_HELD unless told). */
  matchesHeld?: number;
}

/** The columns a fact row is written with: whose and from which load it is, what it matched, then what the file says. */
export const factColumns = <TRecord>(shape: KindShape<TRecord>): string[] => [
  'tenant_id',
  'load_number',
  'store',
  'match_number',
  ...[...RECORDING_COLUMNS, ...shape.columns].map((column) => column.name),
];

/** The columns a load's matches are recorded with in `report_match`. */
const MATCH_COLUMNS = ['load_number', 'match_number', 'tenant_id', 'track_id', 'release_id', 'artist_id', 'matched_by'] as const;

/**
 * New matches held before they are recorded: past this many, the rows' COPY is ended, the
 * matches COPYed, and a new COPY of the rows begun, so a file of any number of codes holds a
 * bounded number of them (most files' matches are recorded once, after their rows).
 */
export const MATCHES_HELD = 50_000;

/**
 * COPYs a file's records straight into their fact table as they are read, each tied to the
 * catalogue (a batch's new codes looked up together), in the caller's transaction, noting the
 * file's store, days, territories and matches on the way. A report file is one store's: a line
 * naming another store than the file's refuses the file, unless the operator's store is fixed
 * over what the file says. Reading and writing overlap: Postgres stores a batch while the next
 * is read.
 */
export const copyFacts = async <TRecord extends FactRecord>(
  client: pg.Client,
  shape: KindShape<TRecord>,
  records: AsyncIterable<TRecord>,
  copy: FactCopy,
): Promise<WrittenFacts> => {
  const facts = {
    store: copy.store,
    rows: 0,
    firstDay: null as string | null,
    lastDay: null as string | null,
    days: new Set<string>(),
    territories: new Set<string>(),
    matched: { isrc: 0, upc: 0, unmatched: 0 },
  };

  const storeOf = (record: TRecord): string | null => {
    if (copy.storeFixed || record.store === null) return facts.store;
    facts.store ??= record.store;
    if (record.store !== facts.store) {
      throw new MalformedReportError(record.line, 'store', `names ${JSON.stringify(record.store)}, but this file is ${JSON.stringify(facts.store)}'s: a report file holds one store's rows`);
    }
    return facts.store;
  };

  const written = (): WrittenFacts => {
    if (facts.store === null) throw new MalformedReportError(1, 'store', NO_STORE);
    return { ...facts, store: facts.store };
  };

  /** One batch as COPY text, its new codes learned and its new days told first. */
  const linesOf = async (batch: TRecord[]): Promise<string> => {
    const isrcs: string[] = [];
    const upcs: string[] = [];
    const newDays: string[] = [];
    for (const record of batch) {
      if (record.isrc) isrcs.push(record.isrc);
      if (record.upc) upcs.push(record.upc);
      if (!facts.days.has(record.day)) {
        facts.days.add(record.day);
        newDays.push(record.day);
        if (facts.firstDay === null || record.day < facts.firstDay) facts.firstDay = record.day;
        if (facts.lastDay === null || record.day > facts.lastDay) facts.lastDay = record.day;
      }
      if (record.territory) facts.territories.add(record.territory);
    }
    if (newDays.length > 0) await copy.onNewDays?.(newDays);
    await copy.matcher.learn(isrcs, upcs);
    let text = '';
    for (const record of batch) {
      const store = storeOf(record);
      if (store === null) throw new MalformedReportError(1, 'store', NO_STORE);
      const match = copy.matcher.match(record.isrc, record.upc);
      if (match.matchedBy === 'isrc') facts.matched.isrc += 1;
      else if (match.matchedBy === 'upc') facts.matched.upc += 1;
      else facts.matched.unmatched += 1;
      text += copyLine([copy.tenantId, copy.loadNumber, store, match.number, ...shape.values(record)]);
    }
    return text;
  };

  // The first record is read before the COPY starts: the COPY holds the table, so its month partitions are made first.
  const iterator = records[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return written();
  await copy.beforeFirstRow?.(first.value.day);

  let next: IteratorResult<TRecord> = first;
  /** The rows up to the end of the file, or until the matches they made are to be recorded. */
  async function* rowChunks(): AsyncGenerator<string> {
    let batch: TRecord[] = [];
    for (; !next.done; ) {
      facts.rows += 1;
      copy.onRecord?.();
      batch.push(next.value);
      next = await iterator.next();
      if (batch.length === COPY_BATCH || next.done) {
        yield await linesOf(batch);
        batch = [];
        if (copy.matcher.newMatches() >= (copy.matchesHeld ?? MATCHES_HELD)) return;
      }
    }
  }
  async function* matchChunks(): AsyncGenerator<string> {
    let text = '';
    for (const match of copy.matcher.takeNewMatches()) {
      text += copyLine([copy.loadNumber, match.number, copy.tenantId, match.trackId, match.releaseId, match.artistId, match.matchedBy]);
      if (text.length >= COPY_CHUNK) {
        yield text;
        text = '';
      }
    }
    if (text.length > 0) yield text;
  }

  while (!next.done) {
    await copyChunks(client, `"analytics"."${shape.table}"`, factColumns(shape), rowChunks());
    if (copy.matcher.newMatches() > 0) await copyChunks(client, '"analytics"."report_match"', MATCH_COLUMNS, matchChunks());
  }
  return written();
};
