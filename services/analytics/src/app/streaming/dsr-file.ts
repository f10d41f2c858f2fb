import type { Readable } from 'node:stream';
import { readCount, readDay, readIsrc, readStore, readTerritory, readText, readUpc, type CellAt } from './report-cells.ts';
import { isBlank, reportLines, type ReportLine } from './report-lines.ts';
import { zeroCounts, type OpenedReport, type StreamRecord } from './report-records.ts';
import { MalformedReportError } from './streaming.errors.ts';

/*
 * DDEX DSR flat files (multi-record block variant, as the Basic Audio Profile sends them): cells
 * separated by tabs, the record type in the first cell, `#` lines ignored. The subset read
 * (docs/analytics-streaming.md):
 *   HEAD        the sender (the store) and the usage period;
 *   SY01/SY02/SY05 summary records: the commercial model, use type and territory of the usages
 *               pointing at them;
 *   RE01/RE02   releases of a block (RE01: ICPN, title, artist; RE02: sub-releases and their resources);
 *   AS01/AS02   sound recordings of a block (ISRC, title, artist);
 *   SU01/SU02   usages (downloads / streams) of a block's release or resource;
 *   FOOT        the end: a file without it was cut short and is refused.
 * Other record types (musical works, licensor shares, revenue-only records) are skipped.
 * Cells are 1-based as in the standard; `cell(n)` reads the n-th.
 */

const COMMENT = '#';

/** Use types counted as streams, and as downloads; usages of any other type are skipped. */
const STREAM_USE_TYPES = new Set(['Stream', 'OnDemandStream', 'NonInteractiveStream', 'TimeInfluencedStream', 'ContentInfluencedStream', 'Webcast', 'Simulcast']);
const DOWNLOAD_USE_TYPES = new Set(['Download', 'PermanentDownload', 'ConditionalDownload', 'TetheredDownload', 'KioskDownload']);

/** Commercial models counted as the premium tier, and as the standard (free) tier. */
const PREMIUM_MODELS = new Set(['SubscriptionModel']);
const STANDARD_MODELS = new Set(['AdvertisementSupportedModel', 'FreeOfChargeModel']);

interface Summary {
  territory: string;
  useType: string;
  commercialModel: string;
}

interface BlockRelease {
  icpn: string | null;
  title: string;
  artistName: string;
  /** An RE02 sub-release's resources (references within the block). */
  resources: string[];
}

interface BlockResource {
  isrc: string | null;
  title: string;
  artistName: string;
}

/** The cell at a 1-based position, without the standard's escapes (`\|`, `\\`, `\<tab>`). */
const cellOf = (cells: string[], position: number): string => (cells[position - 1] ?? '').replace(/\\(.)/g, '$1');

/** The first value of a multi-value cell (values separated by an unescaped `|`). */
const firstValue = (cells: string[], position: number): string => (cells[position - 1] ?? '').split(/(?<!\\)\|/)[0]!.replace(/\\(.)/g, '$1');

/**
 * A tab escaped with a backslash is part of a cell: the splitter cut there, so the two halves are
 * joined back (a cell ending in an odd number of backslashes continues in the next).
 */
const rejoinEscapedTabs = (cells: string[]): string[] => {
  const joined: string[] = [];
  for (const cell of cells) {
    const previous = joined.at(-1);
    if (previous !== undefined && /(?<!\\)(\\\\)*\\$/.test(previous)) joined[joined.length - 1] = `${previous}\t${cell}`;
    else joined.push(cell);
  }
  return joined;
};

const at = (line: number, column: string): CellAt => ({ line, column });

/** The record type without its version (`SU02.03` → `SU02`). */
const recordFamily = (recordType: string): string => recordType.trim().split('.')[0]!.toUpperCase();

const refuse = (line: number, column: string, reason: string): never => {
  throw new MalformedReportError(line, column, reason);
};

interface DsrHeader {
  store: string | null;
  first: string;
  last: string;
  messageId: string | null;
}

const readHeader = ({ line, cells }: ReportLine): DsrHeader => {
  const first = readDay(cellOf(cells, 9), at(line, 'UsageStartDate'), { compact: true });
  const last = readDay(cellOf(cells, 10), at(line, 'UsageEndDate'), { compact: true });
  if (last < first) refuse(line, 'UsageEndDate', `is before the UsageStartDate ${first}`);
  const messageId = readText(cellOf(cells, 5), at(line, 'MessageId'));
  return { store: readStore(cellOf(cells, 12), at(line, 'SenderName')), first, last, messageId: messageId === '' ? null : messageId };
};

/**
 * Opens a DSR flat file: reads up to its HEAD record, then hands its usages out one at a time as
 * day-level stream records, each on the period's first day (a DSR gives no finer split).
 */
export const openDsrReport = async (source: Readable): Promise<OpenedReport & { kind: 'streams' }> => {
  const lines = reportLines(source, { delimiter: '\t', quoted: false });
  const meaningful = async (): Promise<ReportLine | undefined> => {
    for (;;) {
      const next = await lines.next();
      if (next.done) return undefined;
      const cells = rejoinEscapedTabs(next.value.cells);
      if (isBlank(cells) || cells[0]!.startsWith(COMMENT)) continue;
      return { line: next.value.line, cells };
    }
  };

  const first = await meaningful();
  const header = await (async () => {
    try {
      if (!first || recordFamily(first.cells[0]!) !== 'HEAD') return refuse(first?.line ?? 1, 'RecordType', 'a DSR flat file starts with its HEAD record');
      return readHeader(first);
    } catch (error) {
      // A refused header ends the reading: the file is closed.
      await lines.return(undefined);
      throw error;
    }
  })();
  let skipped = 0;

  async function* usages(): AsyncGenerator<StreamRecord> {
    const summaries = new Map<string, Summary>();
    let blockId: string | null = null;
    let headRelease: BlockRelease | null = null;
    let releases = new Map<string, BlockRelease>();
    let resources = new Map<string, BlockResource>();
    let footer = false;
    let lastLine = first!.line;
    // However the reading ends (a refusal, the reader stopping), the file is closed.
    try {
      /** Records of a block share its BlockId; a new one starts a new block with references of its own. */
      const enterBlock = (line: number, cells: string[]) => {
        const id = cellOf(cells, 2).trim();
        if (id === '') refuse(line, 'BlockId', 'is required');
        if (id !== blockId) {
          blockId = id;
          headRelease = null;
          releases = new Map();
          resources = new Map();
        }
      };

      for (let record = await meaningful(); record; record = await meaningful()) {
        const { line, cells } = record;
        lastLine = line;
        const family = recordFamily(cells[0]!);
        if (footer) refuse(line, 'RecordType', 'no record may follow the FOOT record');
        if (family === 'HEAD') refuse(line, 'RecordType', 'a DSR flat file has one HEAD record');
        if (family === 'FOOT') {
          footer = true;
          continue;
        }
        if (family === 'SY01' || family === 'SY02' || family === 'SY05') {
          const id = cellOf(cells, 2).trim();
          if (id === '') refuse(line, 'SummaryRecordId', 'is required');
          summaries.set(id, {
            commercialModel: cellOf(cells, 5).trim(),
            useType: readText(cellOf(cells, 6), at(line, 'UseType'), { required: true }),
            territory: readTerritory(cellOf(cells, 7), at(line, 'Territory')),
          });
        } else if (family === 'RE01') {
          enterBlock(line, cells);
          const release: BlockRelease = {
            icpn: readUpc(cellOf(cells, 7), at(line, 'ICPN')),
            artistName: readText(cellOf(cells, 8), at(line, 'DisplayArtistName')),
            title: readText(cellOf(cells, 10), at(line, 'Title')),
            resources: [],
          };
          releases.set(cellOf(cells, 3).trim(), release);
          headRelease ??= release;
        } else if (family === 'RE02') {
          enterBlock(line, cells);
          const used = (cells[5] ?? '').split(/(?<!\\)\|/).map((reference) => reference.trim()).filter((reference) => reference !== '');
          releases.set(cellOf(cells, 3).trim(), { icpn: null, title: '', artistName: '', resources: used });
        } else if (family === 'AS01' || family === 'AS02') {
          enterBlock(line, cells);
          resources.set(cellOf(cells, 3).trim(), {
            isrc: readIsrc(firstValue(cells, 5), at(line, 'ISRC')),
            title: readText(cellOf(cells, 6), at(line, 'Title')),
            artistName: readText(cellOf(cells, 8), at(line, 'DisplayArtistName')),
          });
        } else if (family === 'SU01' || family === 'SU02') {
          enterBlock(line, cells);
          const summaryId = cellOf(cells, 3).trim();
          const summary = summaries.get(summaryId);
          if (!summary) refuse(line, 'SummaryRecordId', `names no summary record of this file (${JSON.stringify(summaryId)})`);
          // SU01 (downloads) carries its Usages in cell 9, SU02 (streams) its NumberOfStreams in cell 8.
          const usageCount = family === 'SU01' ? readCount(cellOf(cells, 9), at(line, 'Usages'), { required: true }) : readCount(cellOf(cells, 8), at(line, 'NumberOfStreams'), { required: true });
          const kind = STREAM_USE_TYPES.has(summary!.useType) ? 'stream' : DOWNLOAD_USE_TYPES.has(summary!.useType) ? 'download' : null;
          const subject = transacted(line, cells, releases, resources);
          const upc = subject.release?.icpn ?? (headRelease as BlockRelease | null)?.icpn ?? null;
          const isrc = subject.resource?.isrc ?? null;
          if (kind === null || (isrc === null && upc === null)) {
            skipped += 1;
            continue;
          }
          const counts = zeroCounts();
          if (kind === 'download') counts.downloads = usageCount;
          else {
            counts.streams = usageCount;
            if (PREMIUM_MODELS.has(summary!.commercialModel)) counts.streams_premium = usageCount;
            if (STANDARD_MODELS.has(summary!.commercialModel)) counts.streams_standard = usageCount;
          }
          yield {
            line,
            day: header.first,
            store: null,
            territory: summary!.territory,
            isrc,
            upc,
            title: subject.resource?.title || subject.release?.title || '',
            artistName: subject.resource?.artistName || subject.release?.artistName || '',
            counts,
          };
        }
      }
      if (!footer) refuse(lastLine + 1, 'RecordType', 'the file ends without its FOOT record: it was cut short');
    } finally {
      await lines.return(undefined);
    }
  }

  return {
    format: 'dsr',
    kind: 'streams',
    store: header.store,
    period: { first: header.first, last: header.last },
    messageId: header.messageId,
    records: usages(),
    skipped: () => skipped,
  };
};

/**
 * What a usage record is about: its resource (by reference), or its release; a sub-release of one
 * resource stands for that resource. References name records of the usage's own block.
 */
const transacted = (
  line: number,
  cells: string[],
  releases: Map<string, BlockRelease>,
  resources: Map<string, BlockResource>,
): { release: BlockRelease | null; resource: BlockResource | null } => {
  const releaseReference = cellOf(cells, 5).trim();
  const resourceReference = cellOf(cells, 6).trim();
  if (resourceReference !== '') {
    const resource = resources.get(resourceReference);
    if (!resource) refuse(line, 'TransactedResource', `names no sound recording of this block (${JSON.stringify(resourceReference)})`);
    return { release: null, resource: resource! };
  }
  if (releaseReference === '') return refuse(line, 'TransactedRelease', 'a usage names its release or its resource');
  const release = releases.get(releaseReference);
  if (!release) refuse(line, 'TransactedRelease', `names no release of this block (${JSON.stringify(releaseReference)})`);
  const only = release!.resources.length === 1 ? resources.get(release!.resources[0]!) : undefined;
  return only ? { release: null, resource: only } : { release: release!, resource: null };
};
