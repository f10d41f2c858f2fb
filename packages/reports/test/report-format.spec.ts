import { detectReportFormat } from '../src/index.ts';
import { fixture, streamOf } from './support/read-dsr.ts';

describe('telling a report’s format from its content', () => {
  it('tells a DSR by its HEAD record, naming its profile and version', async () => {
    expect(await detectReportFormat(streamOf(fixture('ugc.tsv')))).toEqual({ format: 'dsr', profile: 'UGCProfile', profileVersion: '1.1', messageVersion: 'dsrf/30' });
    expect(await detectReportFormat(streamOf(`\uFEFF# a comment\n\n${fixture('financial-record-companies.tsv')}`))).toMatchObject({
      format: 'dsr',
      profile: 'FinancialReportingToRecordCompaniesProfileSRB',
      profileVersion: '1.0',
    });
  });

  it('tells the platform’s CSV layouts apart: a sales report by its amount column, the streaming layouts otherwise', async () => {
    expect(await detectReportFormat(streamOf('ISRC,Territory,Store,Units,Amount\nGBABC2600001,GB,Streamhouse,3,1.50\n'))).toEqual({ format: 'csv', layout: 'sales' });
    expect(await detectReportFormat(streamOf('date,territory,streams,isrc\n2026-11-01,GB,4,GBABC2600001\n'))).toEqual({ format: 'csv', layout: 'platform' });
    expect(await detectReportFormat(streamOf('date,territory,streams,isrc'))).toEqual({ format: 'csv', layout: 'platform' });
    // A header the CSV parser cannot read is left to the layout's reader, which names where.
    expect(await detectReportFormat(streamOf('date,"territory,streams\n2026-11-01,GB,4\n'))).toEqual({ format: 'csv', layout: 'platform' });
  });
});
