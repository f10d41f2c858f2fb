import { checkMultiFileReport, ReportFileError } from '../src/index.ts';
import { fixture, readDsr } from './support/read-dsr.ts';

describe('a report in several files', () => {
  it('exposes each file’s MessageId and place, and checks the footers’ report-wide counts over the files', async () => {
    const first = await readDsr(fixture('two-files-1of2.tsv'));
    const second = await readDsr(fixture('two-files-2of2.tsv'));
    expect([first.facts.messageId, first.facts.fileNumber, first.facts.numberOfFiles]).toEqual(['MSG-BAP-SPLIT-2026-11', 1, 2]);
    expect([second.facts.messageId, second.facts.fileNumber, second.facts.numberOfFiles]).toEqual(['MSG-BAP-SPLIT-2026-11', 2, 2]);
    // One SU02 in each file.
    expect([...first.rows, ...second.rows].map((row) => [row.isrc, row.usages])).toEqual([
      ['GBABC2600001', 60],
      ['GBABC2600002', 30],
    ]);
    expect(() => checkMultiFileReport([first.facts, second.facts])).not.toThrow();
    expect(() => checkMultiFileReport([first.facts])).toThrow(new ReportFileError({}, 'the report has 2 files; missing: 2'));
    expect(() => checkMultiFileReport([first.facts, first.facts])).toThrow('file 1 of the report was given twice');
    expect(() => checkMultiFileReport([first.facts, { ...second.facts, messageId: 'OTHER' }])).toThrow('file 2 has the MessageId "OTHER", not the report\'s "MSG-BAP-SPLIT-2026-11"');
    // Each file holds 5 lines: 5 + 5 = 10 is what the footers say; one line more is not.
    expect(() => checkMultiFileReport([first.facts, { ...second.facts, lines: 6 }])).toThrow("file 1's footer says the report has 10 lines, but its files hold 11");
  });
});
