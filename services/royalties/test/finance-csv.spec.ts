import { Readable } from 'node:stream';
import { Messages } from '@sv/contracts';
import { ValidationError } from '@sv/platform';
import { csvSalesLines, type LocatedLine } from '../src/app/finance/sales-report-csv.ts';

/** Reads a CSV as the service does, from a stream in small chunks. */
const read = async (text: string): Promise<LocatedLine[]> => {
  const chunks = text.match(/[\s\S]{1,7}/g) ?? [];
  const lines: LocatedLine[] = [];
  for await (const line of csvSalesLines(Readable.from(chunks.map((chunk) => Buffer.from(chunk))))) lines.push(line);
  return lines;
};

const refusal = async (text: string): Promise<Record<string, string[]>> => {
  const error = await read(text).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ValidationError)) throw new Error('expected a 422');
  return error.fields as Record<string, string[]>;
};

describe('csvSalesLines', () => {
  it('streams rows keyed by the file row number, skipping blank lines but keeping their numbers', async () => {
    const lines = await read('\uFEFFStore,ISRC,Amount,Extra\r\nSpotify,QZABC2700001,1.50,x\r\n\r\n,QZABC2700002,"2.00"\r\n');
    expect(lines.map((line) => [line.row, line.raw])).toEqual([
      [2, { store: 'Spotify', isrc: 'QZABC2700001', amount: '1.50' }],
      [4, { store: '', isrc: 'QZABC2700002', amount: '2.00' }],
    ]);
    expect(lines[1]!.keyOf('amount')).toBe('row 4, column amount');
  });

  it('refuses a header without amount and isrc or upc, an empty file, and a file that is not CSV', async () => {
    expect(await refusal('title,revenue\nA,1\n')).toEqual({ sales_report: [Messages.salesReportHeader] });
    expect(await refusal('')).toEqual({ sales_report: [Messages.salesReportHeader] });
    expect((await refusal('isrc,amount\n"QZ,1.00\n')).sales_report?.[0]).toMatch(/^The file is not a readable CSV/);
  });
});
