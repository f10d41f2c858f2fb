import type { Readable } from 'node:stream';
import { ReportFileError } from '../report-file-error.ts';
import { textLineBatches, type TextLineBatch } from '../text/text-lines.ts';
import { DsrBlock } from './dsr-block.ts';
import { checkFooter, type FooterTotals } from './dsr-footer.ts';
import { readHeader, type DsrHeader } from './dsr-header.ts';
import { DSR_PROFILES, findProfile, type DsrProfile } from './dsr-profiles.ts';
import { splitRecord, unescapeCell, type DsrRecord } from './dsr-record.ts';
import { DsrSummaries, type DsrSummary } from './dsr-summaries.ts';
import { addLicensorShare, singleRecordUsage, usageByReference, usageWithRevenue, type UsageContext } from './dsr-usages.ts';
import type { SummaryRevenueShares } from './summary-shares.ts';
import type { UsageRow } from './usage-row.ts';

/*
 * DDEX DSR flat files: HEAD, summary records, blocks of releases, resources and their usages, and
 * a footer that counts them. Lines starting with `#` are comments. Read in one pass, one line held
 * at a time: what the file says of itself is answered at once, its usages as they are read.
 */

const COMMENT = '#';

/** What was read of a file once its rows have all been read. */
export interface DsrFileFacts {
  messageId: string;
  fileNumber: number;
  numberOfFiles: number;
  lines: number;
  blocks: number;
  rows: number;
  /** Every record type met, as written, with how many times (comments not counted). */
  recordCounts: Record<string, number>;
  /** The record types this reader does not use in the file's profile, with how many times. */
  ignoredRecords: Record<string, number>;
  summaries: DsrSummary[];
  footer: FooterTotals;
}

export interface DsrReport {
  format: 'dsr';
  header: DsrHeader;
  profile: DsrProfile;
  /** The usage rows, one at a time; read once. A refusal met on the way ends the reading with a ReportFileError. */
  rows: AsyncIterable<UsageRow>;
  /** What the file held; throws until every row has been read. */
  facts(): DsrFileFacts;
}

export interface DsrReadOptions {
  /** Gives each row without revenue of its own its share of its summary's NetRevenue; one per report, shared by its files. */
  revenueShares?: SummaryRevenueShares;
}

const listed = (counts: Map<string, number>): string => [...counts].map(([type, count]) => `${type} ${count}`).join(', ');

/**
 * A file's records, read a batch of lines at a time, with the number of its last line seen
 * (comments and blank lines too). `next()` answers the next record of the lines at hand without
 * awaiting anything; `more()` reads the next batch of lines once they are used up.
 */
class RecordReader {
  lines = 0;
  readonly #batches: AsyncGenerator<TextLineBatch>;
  #texts: string[] = [];
  #first = 1;
  #index = 0;

  constructor(source: Readable) {
    this.#batches = textLineBatches(source);
  }

  /** The next record of the lines read so far; undefined once they are used up. */
  next(): DsrRecord | undefined {
    while (this.#index < this.#texts.length) {
      const text = this.#texts[this.#index]!;
      this.lines = this.#first + this.#index;
      this.#index += 1;
      if (text.trim() === '' || text.startsWith(COMMENT)) continue;
      return splitRecord(text, this.lines);
    }
    return undefined;
  }

  /** Reads the next lines of the file; false at its end. */
  async more(): Promise<boolean> {
    const batch = await this.#batches.next();
    if (batch.done) return false;
    this.#texts = batch.value.lines;
    this.#first = batch.value.first;
    this.#index = 0;
    return true;
  }

  async nextRecord(): Promise<DsrRecord | undefined> {
    for (;;) {
      const record = this.next();
      if (record) return record;
      if (!(await this.more())) return undefined;
    }
  }

  /** Closes the source, whether or not it was read to its end. */
  async close(): Promise<void> {
    await this.#batches.return(undefined);
  }
}

const unknownProfile = async (header: DsrHeader, records: RecordReader): Promise<never> => {
  const counts = new Map<string, number>([['HEAD', 1]]);
  for (let record = await records.nextRecord(); record; record = await records.nextRecord()) counts.set(record.type, (counts.get(record.type) ?? 0) + 1);
  throw new ReportFileError(
    { line: header.line, column: 3, field: 'Profile' },
    `the profile ${JSON.stringify(header.profile)} version ${JSON.stringify(header.profileVersion)} is not one this reader knows ` +
      `(${DSR_PROFILES.map((profile) => profile.id).join(', ')}, versions 1.x); the file holds ${listed(counts)}`,
  );
};

/**
 * Opens a DSR flat file: reads its HEAD record (refusing a file without one, and a profile it
 * does not know after reading the rest to name the record types it holds), then hands out its
 * usage rows as they are read. The footer's counts are checked at the end, and a file that
 * yields no usage row at all is refused rather than read as empty.
 */
export const openDsrReport = async (source: Readable, options: DsrReadOptions = {}): Promise<DsrReport> => {
  const records = new RecordReader(source);
  let header: DsrHeader;
  let profile: DsrProfile;
  try {
    const first = await records.nextRecord();
    if (!first || first.family !== 'HEAD') {
      throw new ReportFileError({ line: first ? first.line : 1, column: 1, field: 'RecordType' }, 'a DSR flat file starts with its HEAD record');
    }
    header = readHeader(first);
    profile = findProfile(header.profile, header.profileVersion) ?? (await unknownProfile(header, records));
  } catch (error) {
    await records.close();
    throw error;
  }

  let facts: DsrFileFacts | null = null;
  const recordCounts = new Map<string, number>([['HEAD', 1]]);
  const ignored = new Map<string, number>();
  const summaries = new DsrSummaries();

  /** The row as handed out: with its share of its summary's revenue where the caller asked for shares (the row is new, so it is set in place). */
  const handedOut = (row: UsageRow): UsageRow => {
    const summary = options.revenueShares && row.summaryRecordId !== null ? summaries.get(row.summaryRecordId) : undefined;
    if (summary) row.revenueShare = options.revenueShares!.shareOf(row, summary);
    return row;
  };

  async function* rows(): AsyncGenerator<UsageRow> {
    const context: UsageContext = { header, summaries, block: null };
    let blocks = 0;
    let yielded = 0;
    let pending: UsageRow | null = null;
    let footer: { record: DsrRecord; totals: FooterTotals } | null = null;
    try {
      // Records are taken from the lines at hand without a promise each; only the next batch of lines is awaited.
      for (let record = records.next(); ; record = records.next()) {
        if (!record) {
          if (await records.more()) continue;
          break;
        }
        recordCounts.set(record.type, (recordCounts.get(record.type) ?? 0) + 1);
        if (footer) throw new ReportFileError({ line: record.line, column: 1, field: 'RecordType' }, `no record may follow the ${footer.record.type} record`);
        const family = record.family;
        if (family === 'HEAD') throw new ReportFileError({ line: record.line, column: 1, field: 'RecordType' }, 'a DSR flat file has one HEAD record');
        // A usage's licensor shares follow it: the usage is handed out once a record of another kind comes.
        if (family === 'LI01' && profile.details.has(family)) {
          if (!pending) throw new ReportFileError({ line: record.line, column: 1, field: 'RecordType' }, 'a LI01 record follows the usage record it shares out');
          pending = addLicensorShare(pending, record);
          continue;
        }
        if (pending && family !== 'MW01') {
          yielded += 1;
          yield handedOut(pending);
          pending = null;
        }
        if (family === profile.footer) {
          footer = { record, totals: checkFooter(record, { lines: records.lines, summaries: summaries.count, blocks, wholeReport: header.numberOfFiles === 1 }) };
          continue;
        }
        if (profile.summaries.has(family)) {
          if (context.block) throw new ReportFileError({ line: record.line, column: 1, field: 'RecordType' }, 'summary records come before the first block');
          summaries.add(record);
          continue;
        }
        const read = profile.catalogue.has(family) || profile.usages.has(family) || profile.details.has(family);
        if (!read) {
          ignored.set(record.type, (ignored.get(record.type) ?? 0) + 1);
          continue;
        }
        if (family !== 'SR08') {
          const blockId = unescapeCell(record.raw[1] ?? '').trim();
          if (blockId === '') throw new ReportFileError({ line: record.line, column: 2, field: 'BlockId' }, 'is required');
          if (blockId !== context.block?.id) {
            context.block = new DsrBlock(blockId);
            blocks += 1;
          }
        }
        const block = context.block!;
        if (family === 'RE01' || family === 'RE03') block.addRelease(record);
        else if (family === 'RE02') block.addSubRelease(record);
        else if (family === 'AS01' || family === 'AS02' || family === 'AS03') block.addResource(record);
        else if (family === 'CU01') block.addCue(record);
        else if (family === 'RU01' || family === 'RU02') block.addUserReleases(record);
        else if (family === 'SU03') pending = usageWithRevenue(record, context);
        else if (family === 'SR08') {
          yielded += 1;
          yield handedOut(singleRecordUsage(record, context));
        } else {
          yielded += 1;
          yield handedOut(usageByReference(record, context));
        }
      }
      if (!footer) throw new ReportFileError({ line: records.lines + 1, column: 1, field: 'RecordType' }, `the file ends without its ${profile.footer} record: it was cut short`);
      if (yielded === 0) {
        throw new ReportFileError(
          {},
          `the ${header.profile} ${header.profileVersion} file yields no usage rows: it holds ${listed(recordCounts)}, ` +
            `and its usages are read from ${[...profile.usages].join(', ')} records`,
        );
      }
      facts = {
        messageId: header.messageId,
        fileNumber: header.fileNumber,
        numberOfFiles: header.numberOfFiles,
        lines: records.lines,
        blocks,
        rows: yielded,
        recordCounts: Object.fromEntries(recordCounts),
        ignoredRecords: Object.fromEntries(ignored),
        summaries: summaries.all(),
        footer: footer.totals,
      };
    } finally {
      await records.close();
    }
  }

  return {
    format: 'dsr',
    header: header!,
    profile: profile!,
    rows: rows(),
    facts: () => {
      if (!facts) throw new Error('the facts of a DSR file are known once all its rows have been read');
      return facts;
    },
  };
};
