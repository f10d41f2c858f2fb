import { ReportFileError } from '../report-file-error.ts';
import { readCount, readDay, readText } from '../values/cell-values.ts';
import { cellsOf } from './dsr-cells.ts';
import { HEAD } from './dsr-layouts.ts';
import type { DsrRecord } from './dsr-record.ts';

/** What a DSR file's HEAD record says about the report and this file's place in it. */
export interface DsrHeader {
  line: number;
  messageVersion: string;
  /** As written (`UgcProfile`, `BasicAudioProfile`). */
  profile: string;
  profileVersion: string;
  /** Shared by every file of one report: with fileNumber, it tells a file already loaded. */
  messageId: string;
  messageCreated: string;
  fileNumber: number;
  numberOfFiles: number;
  usageStart: string;
  usageEnd: string;
  senderPartyId: string;
  /** The store. */
  senderName: string;
  serviceDescription: string | null;
  recipientPartyId: string | null;
  recipientName: string | null;
}

const orNull = (text: string): string | null => (text === '' ? null : text);

export const readHeader = (record: DsrRecord): DsrHeader => {
  const cells = cellsOf(record, HEAD);
  const text = (field: Parameters<typeof cells.text>[0], required = false) => readText(cells.text(field), cells.at(field), { required });
  const usageStart = readDay(cells.text('UsageStartDate'), cells.at('UsageStartDate'), { compact: true });
  const usageEnd = readDay(cells.text('UsageEndDate'), cells.at('UsageEndDate'), { compact: true });
  if (usageEnd < usageStart) throw new ReportFileError(cells.at('UsageEndDate'), `is before the UsageStartDate ${usageStart}`);
  const fileNumber = readCount(cells.text('FileNumber'), cells.at('FileNumber'), { required: true });
  const numberOfFiles = readCount(cells.text('NumberOfFiles'), cells.at('NumberOfFiles'), { required: true });
  if (numberOfFiles < 1) throw new ReportFileError(cells.at('NumberOfFiles'), 'must be 1 or more');
  if (fileNumber < 1 || fileNumber > numberOfFiles) throw new ReportFileError(cells.at('FileNumber'), `must be from 1 to the NumberOfFiles, ${numberOfFiles} (got ${fileNumber})`);
  return {
    line: record.line,
    messageVersion: text('MessageVersion', true),
    profile: text('Profile', true),
    profileVersion: text('ProfileVersion', true),
    messageId: text('MessageId', true),
    messageCreated: text('MessageCreatedDateTime'),
    fileNumber,
    numberOfFiles,
    usageStart,
    usageEnd,
    senderPartyId: text('SenderPartyId'),
    senderName: text('SenderName', true),
    serviceDescription: orNull(text('ServiceDescription')),
    recipientPartyId: orNull(text('RecipientPartyId')),
    recipientName: orNull(text('RecipientName')),
  };
};
