import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { csvSalesLines, detectReportFormat, openDsrReport, ReportFileError, SummaryRevenueShares } from '@sv/reports';
import { salesLineOfUsage } from './dsr-sales-lines.ts';
import { SalesReportFileError } from './finance.errors.ts';
import { csvReadLine, type ReadLine } from './sales-report-lines.ts';

/** Which DSR file a report is, and what it covers: a revision covers the same with another MessageId. */
export interface DsrIdentity {
  messageId: string;
  fileNumber: number;
  numberOfFiles: number;
  /** The profile as the intake knows it (`BasicAudioProfile`), whatever case the HEAD wrote. */
  profile: string;
  /** The sender's DDEX party id, else its name. */
  sender: string;
  usageStart: string;
  usageEnd: string;
}

/** An uploaded sales report opened for reading: a sales CSV, or a DSR flat file of any profile the intake reads. */
export interface OpenedSalesFile {
  /** The store, where the file names it (a DSR's sender). */
  store: string | null;
  dsr: DsrIdentity | null;
  lines: AsyncIterable<ReadLine>;
  /** Record types left unread, with how many of each; known once every line was read. */
  ignoredRecords(): Record<string, number>;
}

/** The SHA-256 of a stored file's bytes, in hex. */
export const sha256Of = async (source: Readable): Promise<string> => {
  const hash = createHash('sha256');
  for await (const chunk of source) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** The SHA-256 of the bytes of the last stream it passed on, known once that stream was read to its end. */
export class ReadDigest {
  #hex: string | undefined;

  /** The stream, its bytes hashed as they are read: a file is read once, for its lines and its digest. */
  hashing(source: Readable): Readable {
    this.#hex = undefined;
    const hash = createHash('sha256');
    const hasher = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
      flush: (done) => {
        this.#hex = hash.digest('hex');
        done();
      },
    });
    // pipeline carries an error of the file's stream to the hasher, and a destroyed hasher back to the file.
    return pipeline(source, hasher, () => undefined);
  }

  /** The hex digest, or undefined when the last stream was not read to its end. */
  get hex(): string | undefined {
    return this.#hex;
  }
}

const asFileError = (error: unknown): unknown => (error instanceof ReportFileError ? new SalesReportFileError(error.message) : error);

/** A CSV's lines as read, a refusal of the intake met on the way thrown as the report's 422. */
async function* csvFileLines(source: Readable): AsyncGenerator<ReadLine> {
  try {
    for await (const located of csvSalesLines(source)) yield csvReadLine(located);
  } catch (error) {
    throw asFileError(error);
  }
}

/**
 * Opens a stored report through the shared report intake, telling its format from its content:
 * `open` is called once to look at its start, again to read it. A DSR's header is read at once (a
 * profile the intake does not read is refused here, naming the record types the file holds); its
 * usage rows become sales lines with their share of their summary's revenue where they carry none.
 * A file that is neither a DSR nor a sales CSV is refused as a CSV without the sales header.
 */
export const openSalesFile = async (open: () => Promise<Readable>): Promise<OpenedSalesFile> => {
  try {
    const format = await detectReportFormat(await open());
    if (format.format === 'csv') return { store: null, dsr: null, lines: csvFileLines(await open()), ignoredRecords: () => ({}) };
    const report = await openDsrReport(await open(), { revenueShares: new SummaryRevenueShares() });
    const { header } = report;
    // One generator from the intake's rows to the load: each step between them costs every line a promise.
    async function* usages(): AsyncGenerator<ReadLine> {
      try {
        for await (const usage of report.rows) yield salesLineOfUsage(usage, header.senderName);
      } catch (error) {
        throw asFileError(error);
      }
    }
    return {
      store: header.senderName,
      dsr: {
        messageId: header.messageId,
        fileNumber: header.fileNumber,
        numberOfFiles: header.numberOfFiles,
        profile: report.profile.id,
        sender: header.senderPartyId || header.senderName,
        usageStart: header.usageStart,
        usageEnd: header.usageEnd,
      },
      lines: usages(),
      ignoredRecords: () => report.facts().ignoredRecords,
    };
  } catch (error) {
    throw asFileError(error);
  }
};
