import type pg from 'pg';
import { COPY_CHUNK, copyChunks, copyLine } from './pg-copy.ts';
import { RECORDING_COLUMNS, type KindShape } from './report-kinds.ts';
import { MalformedReportError } from './streaming.errors.ts';

/** What staging a file's records found out about it. */
export interface StagedFacts {
  /** The one store the file is of; null when neither the file nor the operator names it. */
  store: string | null;
  rows: number;
  firstDay: string | null;
  lastDay: string | null;
  /** The distinct days of its rows. */
  days: Set<string>;
  isrcs: Set<string>;
  upcs: Set<string>;
}

interface StagedRecord {
  line: number;
  store: string | null;
  day: string;
  isrc: string | null;
  upc: string | null;
}

/**
 * COPYs a file's records, as they are read, into the session's temporary `staged` table (dropped
 * at commit), noting the file's store, days and distinct codes on the way, and telling `onRecord`
 * of each. A report file is one store's: a line naming another store than the file's refuses the
 * file, unless `store` (the operator's) names it over what the file says.
 */
export const stageRecords = async <TRecord extends StagedRecord>(
  client: pg.Client,
  shape: KindShape<TRecord>,
  records: AsyncIterable<TRecord>,
  store: string | null,
  options: { storeFixed: boolean; onRecord?: () => void },
): Promise<StagedFacts> => {
  const columns = [...RECORDING_COLUMNS, ...shape.columns];
  await client.query(`create temp table "staged" (${columns.map((column) => `"${column.name}" ${column.type}`).join(', ')}) on commit drop`);
  const facts: StagedFacts = { store, rows: 0, firstDay: null, lastDay: null, days: new Set(), isrcs: new Set(), upcs: new Set() };

  // One pass per record and one yield per chunk of lines: a layer of generators per record costs more than the record's line.
  async function* chunks() {
    let chunk = '';
    for await (const record of records) {
      if (!options.storeFixed && record.store !== null) {
        facts.store ??= record.store;
        if (record.store !== facts.store) {
          throw new MalformedReportError(record.line, 'store', `names ${JSON.stringify(record.store)}, but this file is ${JSON.stringify(facts.store)}'s: a report file holds one store's rows`);
        }
      }
      facts.rows += 1;
      options.onRecord?.();
      if (!facts.days.has(record.day)) {
        facts.days.add(record.day);
        if (facts.firstDay === null || record.day < facts.firstDay) facts.firstDay = record.day;
        if (facts.lastDay === null || record.day > facts.lastDay) facts.lastDay = record.day;
      }
      if (record.isrc) facts.isrcs.add(record.isrc);
      if (record.upc) facts.upcs.add(record.upc);
      chunk += copyLine(shape.values(record));
      if (chunk.length >= COPY_CHUNK) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk !== '') yield chunk;
  }

  await copyChunks(
    client,
    '"staged"',
    columns.map((column) => column.name),
    chunks(),
  );
  return facts;
};
