import { pdfText } from './support/pdf-text.ts';
import { periodTitle, renderStatementPdf, type StatementDocument } from '../src/app/monthly-statements/statement-pdf.ts';


const statement = (rows: number): StatementDocument => ({
  tenantName: 'Moonlit Records',
  payeeName: 'Nova',
  period: '2026-10',
  currency: 'USD',
  totalUsd: '1234.57',
  status: 'approved',
  issuedAt: new Date('2026-11-03T10:00:00Z'),
  rows: Array.from({ length: rows }, (_, index) => ({ releaseTitle: `Release ${index + 1}`, dsp: 'Spotify', streams: 1000 + index, revenueUsd: `${index + 1}.05` })),
});

describe('the monthly statement PDF', () => {
  it('is a PDF whose text carries tenant, payee, period, the total and every row', async () => {
    const pdf = await renderStatementPdf(statement(3));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of ['Royalty statement', 'Moonlit Records', 'Payee: Nova', 'October 2026', '1234.57 USD', 'Release 1', 'Release 3', '1,002', '3.05', 'Spotify']) {
      expect(text).toContain(expected);
    }
  });

  it('continues a long breakdown over more pages, header repeated', async () => {
    const text = await pdfText(await renderStatementPdf(statement(120)));
    expect(text).toContain('Release 120');
    expect(text.split('\f').filter((page) => page.includes('Revenue (USD)')).length).toBeGreaterThan(1);
  });

  it('says so when the month earned nothing', async () => {
    expect(await pdfText(await renderStatementPdf(statement(0)))).toContain('No earnings in this period.');
  });

  it('names the month of a period', () => {
    expect(periodTitle('2026-01')).toBe('January 2026');
    expect(periodTitle('2025-12')).toBe('December 2025');
  });
});
