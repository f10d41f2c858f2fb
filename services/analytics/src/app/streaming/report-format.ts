import type { Readable } from 'node:stream';
import { openCsvReport } from './csv-report.ts';
import { openDsrReport } from './dsr-file.ts';
import type { OpenedReport, ReportFormat } from './report-records.ts';

/** Enough of a file to see its first record; a DSR's HEAD line is far shorter. */
const PEEK_BYTES = 64 * 1024;

/**
 * Tells a DSR flat file from a CSV report by its first line that is neither blank nor a `#`
 * comment: a DSR's is its HEAD record (`HEAD` then a tab). Reads at most the first 64 KB, then
 * closes `source`.
 */
export const detectFormat = async (source: Readable): Promise<ReportFormat> => {
  let text = '';
  try {
    for await (const chunk of source) {
      text += (chunk as Buffer).toString('utf8');
      if (text.length >= PEEK_BYTES) break;
    }
  } finally {
    source.destroy();
  }
  const first = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .find((line) => line.trim() !== '' && !line.startsWith('#'));
  return first !== undefined && /^HEAD\t/.test(first) ? 'dsr' : 'csv';
};

/** Opens a report of a known format (see detectFormat). */
export const openReport = (source: Readable, format: ReportFormat): Promise<OpenedReport> =>
  format === 'dsr' ? openDsrReport(source) : openCsvReport(source);
