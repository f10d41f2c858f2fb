import { ReportFileError } from '../report-file-error.ts';
import type { DsrFileFacts } from './dsr-report.ts';

/**
 * Checks that the files of one multi-file report (each read whole) make the report: one
 * MessageId, the NumberOfFiles they all state, each FileNumber once, and the report-wide line and
 * block counts a footer states equal to the sums over the files. Refuses naming what differs.
 */
export const checkMultiFileReport = (files: readonly DsrFileFacts[]): void => {
  if (files.length === 0) throw new ReportFileError({}, 'a report has at least one file');
  const [first] = files;
  for (const file of files) {
    if (file.messageId !== first!.messageId) throw new ReportFileError({}, `file ${file.fileNumber} has the MessageId ${JSON.stringify(file.messageId)}, not the report's ${JSON.stringify(first!.messageId)}`);
    if (file.numberOfFiles !== first!.numberOfFiles) throw new ReportFileError({}, `file ${file.fileNumber} says the report has ${file.numberOfFiles} files, file ${first!.fileNumber} says ${first!.numberOfFiles}`);
  }
  const numbers = files.map((file) => file.fileNumber).sort((a, b) => a - b);
  const duplicate = numbers.find((number, index) => numbers[index + 1] === number);
  if (duplicate !== undefined) throw new ReportFileError({}, `file ${duplicate} of the report was given twice`);
  const missing = Array.from({ length: first!.numberOfFiles }, (_, index) => index + 1).filter((number) => !numbers.includes(number));
  if (missing.length > 0) throw new ReportFileError({}, `the report has ${first!.numberOfFiles} files; missing: ${missing.join(', ')}`);
  const lines = files.reduce((sum, file) => sum + file.lines, 0);
  const blocks = files.reduce((sum, file) => sum + file.blocks, 0);
  for (const file of files) {
    if (file.footer.linesInReport !== null && file.footer.linesInReport !== lines) {
      throw new ReportFileError({}, `file ${file.fileNumber}'s footer says the report has ${file.footer.linesInReport} lines, but its files hold ${lines}`);
    }
    if (file.footer.blocksInReport !== null && file.footer.blocksInReport !== blocks) {
      throw new ReportFileError({}, `file ${file.fileNumber}'s footer says the report has ${file.footer.blocksInReport} blocks, but its files hold ${blocks}`);
    }
  }
};
