import { Messages } from '@sv/contracts';
import { checkSalesLine, csvSalesLines, ReportFileError } from '../src/index.ts';
import { streamOf } from './support/read-dsr.ts';

const linesOf = async (text: string) => {
  const lines = [];
  for await (const line of csvSalesLines(streamOf(text))) lines.push(line);
  return lines;
};

const refusalOf = async (text: string): Promise<ReportFileError> => {
  const outcome = await linesOf(text).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof ReportFileError)) throw new Error(`expected a refusal, got ${String(outcome)}`);
  return outcome;
};

describe('the sales report CSV layout', () => {
  it('reads the known columns in any order and case, by row, blank lines keeping their numbers', async () => {
    const lines = await linesOf('Amount,Store,ISRC,extra\n1.50,Streamhouse,gbabc2600001,x\n\n0.25,,,\n');
    expect(lines.map((line) => [line.row, line.raw, line.keyOf('amount')])).toEqual([
      [2, { amount: '1.50', store: 'Streamhouse', isrc: 'gbabc2600001' }, 'row 2, column amount'],
      [4, { amount: '0.25', store: '', isrc: '' }, 'row 4, column amount'],
    ]);
  });

  it('checks each line apart, the amount exact in millionths', () => {
    expect(checkSalesLine({ isrc: 'gb-abc-26-00001', amount: '1.234567', units: '3' })).toEqual({
      ok: true,
      line: { isrc: 'GBABC2600001', upc: null, territory: null, store: null, units: 3, amountMicros: 1_234_567n },
    });
    expect(checkSalesLine({ amount: '1.2345678' })).toEqual({
      ok: false,
      errors: [
        { column: 'isrc', message: 'Each row needs an isrc or a upc.' },
        { column: 'amount', message: 'The amount must be a decimal of at least 0 with at most 6 decimals.' },
      ],
    });
  });

  it('refuses a header without amount and isrc or upc, and text no database can store', async () => {
    expect((await refusalOf('isrc,units\nGBABC2600001,3\n')).reason).toBe(Messages.salesReportHeader);
    expect((await refusalOf('')).reason).toBe(Messages.salesReportHeader);
    expect((await refusalOf('isrc,amount\nGBA\u0000BC2600001,3\n')).message).toBe('line 2, column 1: contains a NUL character');
  });
});
