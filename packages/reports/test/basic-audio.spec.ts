import { addDecimals } from '../src/index.ts';
import { fixture, readDsr, sumOf } from './support/read-dsr.ts';

describe('a Basic Audio Profile file', () => {
  const read = () => readDsr(fixture('basic-audio.tsv'));

  it('answers what its HEAD says: the store, the period, the message and its place in it', async () => {
    const { report } = await read();
    expect(report.profile.id).toBe('BasicAudioProfile');
    expect(report.header).toMatchObject({ profileVersion: '1.2', senderName: 'Streamhouse', messageId: 'MSG-BAP-2026-11', fileNumber: 1, numberOfFiles: 1, usageStart: '2026-11-01', usageEnd: '2026-11-30' });
  });

  it('counts downloads and streams per ISRC, a sub-release of one track standing for that track', async () => {
    const { rows } = await read();
    const downloads = (row: (typeof rows)[number]) => (row.usageKind === 'download' ? row.usages : 0);
    const streams = (row: (typeof rows)[number]) => (row.usageKind === 'stream' ? row.usages : 0);
    // SU01 T1 (of A1).
    expect(sumOf(rows, 'GBABC2600001', downloads)).toBe(3);
    // SU02 T3 (premium, GB) + T5 (free, US).
    expect(sumOf(rows, 'GBABC2600001', streams)).toBe(40 + 7);
    // SU01 T2 names the sub-release R1, whose one resource is A2.
    expect(sumOf(rows, 'GBABC2600002', downloads)).toBe(2);
    expect(sumOf(rows, 'GBABC2600002', (row) => row.returns)).toBe(1);
    // SU02 T4.
    expect(sumOf(rows, 'GBABC2600002', streams)).toBe(25);
    // SU02 T6 names the head release itself: no ISRC, the release's ICPN.
    expect(rows.filter((row) => row.isrc === null).map((row) => [row.icpn, row.usages, row.title])).toEqual([['0602445790011', 11, 'First Light']]);
  });

  it('takes territory, model, use type and currency from the summary each usage points at', async () => {
    const { rows } = await read();
    expect(rows.map((row) => [row.salesTransactionId, row.territory, row.commercialModel, row.useType, row.currency])).toEqual([
      ['T1', 'GB', 'PayAsYouGoModel', 'PermanentDownload', 'GBP'],
      ['T2', 'GB', 'PayAsYouGoModel', 'PermanentDownload', 'GBP'],
      ['T3', 'GB', 'SubscriptionModel', 'OnDemandStream', 'GBP'],
      ['T4', 'GB', 'SubscriptionModel', 'OnDemandStream', 'GBP'],
      ['T5', 'US', 'AdvertisementSupportedModel', 'OnDemandStream', 'USD'],
      ['T6', 'US', 'AdvertisementSupportedModel', 'OnDemandStream', 'USD'],
    ]);
    expect(rows.every((row) => row.icpn === '0602445790011' && row.periodStart === '2026-11-01' && row.periodEnd === '2026-11-30')).toBe(true);
  });

  it('keeps the money exact: what consumers paid per sale, the net revenue per summary', async () => {
    const { rows, facts } = await read();
    const paid = (isrc: string) => addDecimals(...rows.filter((row) => row.isrc === isrc && row.consumerPrice !== null).map((row) => row.consumerPrice!));
    expect(paid('GBABC2600001')).toBe('2.97');
    expect(paid('GBABC2600002')).toBe('1.98');
    expect(facts.summaries.map((summary) => [summary.id, summary.usages, summary.netRevenue, summary.currency])).toEqual([
      ['S1', 5, '4.95', 'GBP'],
      ['S2', 65, '0.39', 'GBP'],
      ['S3', 18, '0.054', 'USD'],
    ]);
  });

  it('undoes escapes: an escaped pipe and an escaped backslash are part of the text', async () => {
    const { rows } = await read();
    const dusk = rows.find((row) => row.isrc === 'GBABC2600002')!;
    expect([dusk.title, dusk.displayArtist]).toEqual(['Dusk | Twilight', 'Nova \\ Friends']);
  });

  it('reads a HEAD’s compact dates, and counts blank lines and comments as the footer does', async () => {
    const text = fixture('basic-audio.tsv')
      .replace('\t2026-11-01\t2026-11-30\t', '\t20261101\t20261130\t')
      .replace('SU02\tB1\tS2\tT4', '# the premium streams of Dusk\n\nSU02\tB1\tS2\tT4')
      .replace('FOOT\t18\t18\t', 'FOOT\t20\t20\t');
    const { report, rows, facts } = await readDsr(text);
    expect([report.header.usageStart, report.header.usageEnd]).toEqual(['2026-11-01', '2026-11-30']);
    expect(rows).toHaveLength(6);
    expect(facts.lines).toBe(20);
  });

  it('counts the record types it does not use', async () => {
    const { facts } = await read();
    expect(facts.ignoredRecords).toEqual({ 'MW01.01': 2 });
    expect(facts).toMatchObject({ rows: 6, blocks: 1, lines: 18 });
  });
});
