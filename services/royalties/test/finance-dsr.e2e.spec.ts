import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { NatsConnection } from '@nats-io/transport-node';
import { apiSubject, FinanceOperation, Messages, SalesReportFileReply, systemPrincipal, type Principal } from '@sv/contracts';
import { callService } from '@sv/platform';
import { connectTestNats } from '@sv/testing';
import { createPeriod, financeDb, loadSalesFile, uploadSalesFile, type FinanceDb } from './support/finance-support.ts';
import { seedRelease, useRoyaltiesWorld, type SeededRelease } from './support/royalties-world.ts';

/*
 * Finance takes the stores' own reports: DDEX DSR flat files of every profile the report intake
 * reads, through the gateway, with the intake's own fixtures. Each file's rows per recording are
 * the sums worked out by hand from the fixture; a file already loaded is refused and nothing
 * doubles; a revised report replaces the earlier one; a file the intake cannot read writes nothing.
 */

const world = useRoyaltiesWorld();
let db: FinanceDb;
let release: SeededRelease;
let nc: NatsConnection;

beforeAll(async () => {
  db = financeDb(world.platform.db.url);
  nc = await connectTestNats();
  release = await seedRelease(world.a.artist, 1);
  await db.codesKept(release);
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await db?.close();
});

const fixture = (name: string): string => readFileSync(new URL(`../../../packages/reports/test/fixtures/${name}`, import.meta.url), 'utf8');

const dsrFile = (text: string) => ({ text, type: 'text/tab-separated-values', name: 'report.tsv' });

/** Uploads a DSR file and waits for its job: the sales report recorded. */
const uploadDsr = (periodId: string, text: string) => uploadSalesFile(world.a.owner, periodId, dsrFile(text));

/** Uploads a DSR file the job refuses: the job as it ended. */
const refusedDsr = async (periodId: string, text: string) => {
  const job = await loadSalesFile(world.a.owner, periodId, dsrFile(text));
  expect([job.status, job.sales_report_uuid]).toEqual(['failed', null]);
  return job;
};

const periodIn = async (currency: string) => (await createPeriod(world.a.owner, { currency })).uuid;

type Row = { isrc: string | null; upc: string | null; units: number; amount: string; store: string | null; territory: string | null; match: string | null };

const rowsOf = async (reportId: string): Promise<Row[]> => {
  const response = await world.a.owner(`/v1/finance/sales-reports/${reportId}/rows?per_page=500`);
  expect(response.status).toBe(200);
  return response.body.rows;
};

/** Amounts are shown with six decimals: summed in millionths, never through a float. */
const micros = (amount: string): bigint => BigInt(amount.replace('.', ''));
const shown = (units: bigint): string => `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, '0')}`;

/** The rows summed per recording: its ISRC, else `upc <code>`. */
const perRecording = (rows: Row[]): Record<string, { units: number; amount: string }> => {
  const sums = new Map<string, { units: number; micros: bigint }>();
  for (const row of rows) {
    const key = row.isrc ?? `upc ${row.upc}`;
    const sum = sums.get(key) ?? { units: 0, micros: 0n };
    sums.set(key, { units: sum.units + row.units, micros: sum.micros + micros(row.amount) });
  }
  return Object.fromEntries([...sums].map(([key, sum]) => [key, { units: sum.units, amount: shown(sum.micros) }]));
};

const reportsOfPeriod = async (periodId: string): Promise<number> => (await world.a.owner(`/v1/finance/sales-reports?period_id=${periodId}`)).body.total;

describe('DSR sales reports', () => {
  it('reads an Audio-Visual file: a video’s usages go to the recording its cue names, a release’s to its ICPN', async () => {
    const periodId = await periodIn('EUR');
    const report = await uploadDsr(periodId, fixture('audio-visual.tsv'));
    // SU02 T1 is all of summary V1's 130 streams (its 6.50); SU03.02 T3 has its own 1.25; SU04.01 T2 all of V2's 3.98.
    expect(perRecording(await rowsOf(report.uuid))).toEqual({
      GBABC2600001: { units: 130 + 20, amount: '7.750000' },
      'upc 0602445790028': { units: 2, amount: '3.980000' },
    });
    expect(report).toMatchObject({
      source: 'Vodstore',
      currency: 'EUR',
      rows_total: 3,
      rows_matched: 0,
      total: '11.730000',
      total_minor: 1173,
      ignored_records: {},
      dsr: {
        message_id: 'MSG-AV-2026-11',
        file_number: 1,
        number_of_files: 1,
        profile: 'AudioVisualProfile',
        sender: 'PADPIDA2026VODXXX',
        usage_start: '2026-11-01',
        usage_end: '2026-11-30',
      },
      replaced_by: null,
      superseded_at: null,
    });
    expect((await rowsOf(report.uuid)).every((row) => row.store === 'Vodstore' && row.territory === 'NL')).toBe(true);

    // Where the file is kept, as analytics asks to load the same bytes: for the platform itself, of its tenant only.
    const [{ tenant_id: tenantId }] = (await db.query<{ tenant_id: string }>(`select "tenant_id" from "royalties"."sales_report" where "id" = $1`, [report.uuid])) as [
      { tenant_id: string },
    ];
    const ask = (principal: Principal, reportId: string = report.uuid) =>
      callService(nc, apiSubject(world.platform.subjectPrefix, 'royalties'), { operation: FinanceOperation.salesReportFile, principal, body: { sales_report_id: reportId } }, 10_000);
    const file = await ask(systemPrincipal(tenantId, 'analytics'));
    expect(file.status).toBe(200);
    expect(SalesReportFileReply.parse(file.body)).toEqual({
      file_key: expect.any(String),
      file_name: 'report.tsv',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      dsr_message_id: 'MSG-AV-2026-11',
      dsr_file_number: 1,
      file_size: Buffer.byteLength(fixture('audio-visual.tsv')),
    });
    const elsewhere = await ask(systemPrincipal(randomUUID(), 'analytics'));
    expect([elsewhere.status, (elsewhere.body as { error?: string }).error]).toEqual([404, Messages.salesReportFileNotFound]);
    expect((await ask(systemPrincipal(tenantId, 'analytics'), randomUUID())).status).toBe(404);
    expect((await ask({ ...systemPrincipal(tenantId, 'analytics'), actor: { type: 'api_key', id: 'key' } })).status).toBe(403);
  });

  it('reads a Financial Reporting to Record Companies file: each SR08 sale with its allocated net revenue; the deal terms counted unread', async () => {
    const periodId = await periodIn('EUR');
    const report = await uploadDsr(periodId, fixture('financial-record-companies.tsv'));
    // X1 700 streams 1.6808 and X3 4 downloads 1.77; X2 300 streams 0.7204.
    expect(perRecording(await rowsOf(report.uuid))).toEqual({
      GBABC2600001: { units: 704, amount: '3.450800' },
      GBABC2600002: { units: 300, amount: '0.720400' },
    });
    expect(report).toMatchObject({ source: 'Streamhouse', total: '4.171200', ignored_records: { DE01: 1 } });
  });

  it('shares a Basic Audio summary’s NetRevenue over its usages; a file in two currencies is refused naming both', async () => {
    const periodId = await periodIn('GBP');
    // S3 reports its US streams in USD: not the period's currency, and nothing is written.
    const mixed = await refusedDsr(periodId, fixture('basic-audio.tsv'));
    expect(mixed.errors?.currency).toEqual([Messages.salesReportCurrency('USD', 'GBP')]);
    expect(await reportsOfPeriod(periodId)).toBe(0);

    const inPounds = fixture('basic-audio.tsv').replace('\tUSD\t0.054', '\tGBP\t0.054');
    const report = await uploadDsr(periodId, inPounds);
    // S1 4.95 over 3 + 2 downloads: 2.97 and 1.98. S2 0.39 over 40 + 25 streams: 0.24 and 0.15.
    // S3 0.054 over 7 + 11 streams: 0.021 and 0.033. T2 is sub-release R1, which is resource A2 alone;
    // T6 is the whole release R0, known by its ICPN.
    expect(perRecording(await rowsOf(report.uuid))).toEqual({
      GBABC2600001: { units: 3 + 40 + 7, amount: '3.231000' },
      GBABC2600002: { units: 2 + 25, amount: '2.130000' },
      'upc 0602445790011': { units: 11, amount: '0.033000' },
    });
    expect(report).toMatchObject({ total: '5.394000', ignored_records: { 'MW01.01': 2 } });
  });

  it('reads a UGC file’s own NetRevenue per usage', async () => {
    const periodId = await periodIn('USD');
    const mixed = await refusedDsr(periodId, fixture('ugc.tsv'));
    expect(mixed.errors?.currency).toEqual([Messages.salesReportCurrency('EUR', 'USD')]);

    const inDollars = fixture('ugc.tsv').replace('\tEUR\t410.00', '\tUSD\t410.00');
    const report = await uploadDsr(periodId, inDollars);
    // U1 3.09 + U2 4.42 + U3 0.55; U4 1.418.
    expect(perRecording(await rowsOf(report.uuid))).toEqual({
      USRC12600001: { units: 1545 + 2210 + 100, amount: '8.060000' },
      USRC12600002: { units: 709, amount: '1.418000' },
    });
    expect(report).toMatchObject({ source: 'Videohost', ignored_records: { 'MW01.01': 1 } });
  });

  it('takes both files of a two-file report, each on its own, and matches a DSR line to the catalogue by its ISRC', async () => {
    const periodId = await periodIn('EUR');
    const isrc = release.tracks[0]!.isrc;
    const first = await uploadDsr(periodId, fixture('two-files-1of2.tsv').replace('GBABC2600001', isrc));
    const second = await uploadDsr(periodId, fixture('two-files-2of2.tsv'));
    // Summary S1's 0.45 over 90 streams: 60 in the first file, 30 in the second.
    expect(perRecording(await rowsOf(first.uuid))).toEqual({ [isrc]: { units: 60, amount: '0.300000' } });
    expect(perRecording(await rowsOf(second.uuid))).toEqual({ GBABC2600002: { units: 30, amount: '0.150000' } });
    expect(first).toMatchObject({ rows_matched: 1, matched: '0.300000', dsr: { file_number: 1, number_of_files: 2 } });
    expect((await rowsOf(first.uuid))[0]).toMatchObject({ match: 'track', track_id: release.tracks[0]!.id });
    // Files of one message are not revisions of each other: both count.
    expect(second.superseded_at).toBeNull();
    expect((await world.a.owner(`/v1/finance/sales-reports/${first.uuid}`)).body.sales_report.replaced_by).toBeNull();
  });

  it('refuses a file already loaded, by its bytes or its MessageId and FileNumber, in any period: nothing doubles', async () => {
    const periodId = await periodIn('EUR');
    const text = fixture('audio-visual.tsv').replace('MSG-AV-2026-11', 'MSG-AV-TWICE');
    const first = await uploadDsr(periodId, text);
    const rows = await db.count('sales_report_row', `"tenant_id" = (select "tenant_id" from "royalties"."sales_report" where "id" = $1)`, [first.uuid]);

    const again = await refusedDsr(periodId, text);
    expect(again.error).toEqual(Messages.salesReportAlreadyLoaded(first.uuid));
    const elsewhere = await refusedDsr(await periodIn('EUR'), text);
    expect(elsewhere.error).toEqual(Messages.salesReportAlreadyLoaded(first.uuid));
    // Sent again with another creation time: other bytes, the same file of the same message.
    const resent = await refusedDsr(periodId, text.replace('2026-12-03T09:30:00Z', '2026-12-04T10:00:00Z'));
    expect(resent.error).toEqual(Messages.salesReportAlreadyLoaded(first.uuid));

    expect(await reportsOfPeriod(periodId)).toBe(1);
    expect(await db.count('sales_report_row', `"tenant_id" = (select "tenant_id" from "royalties"."sales_report" where "id" = $1)`, [first.uuid])).toBe(rows);
  });

  it('replaces the earlier report with a revision (same store, profile and usage period, another MessageId): only the revision counts', async () => {
    const periodId = await periodIn('EUR');
    const original = fixture('financial-record-companies.tsv').replace('MSG-FRRC-2026-11', 'MSG-FRRC-REV-1');
    const earlier = await uploadDsr(periodId, original);
    // The revision restates X1's allocated net revenue: 1.6808 becomes 2.6808.
    const revised = original.replace('MSG-FRRC-REV-1', 'MSG-FRRC-REV-2').replaceAll('\t1.6808', '\t2.6808');
    const revision = await uploadDsr(periodId, revised);
    const revisionId = revision.uuid;
    expect(revision).toMatchObject({ total: '5.171200', replaced_by: null });

    const replaced = (await world.a.owner(`/v1/finance/sales-reports/${earlier.uuid}`)).body.sales_report;
    expect(replaced).toMatchObject({ replaced_by: revisionId, superseded_at: expect.any(String), total: '4.171200' });
    // The period's statement counts the revision alone: 5.17, not 4.17 + 5.17.
    const computed = await world.a.owner(`/v1/finance/periods/${periodId}/statements`, { method: 'POST' });
    expect(computed.status).toBe(201);
    expect(computed.body.statement).toMatchObject({ report_total_minor: 517, unmatched_minor: 517, total_minor: 0 });

    // The replaced file, and any other file of its message, is not loaded again.
    const replacedAgain = await refusedDsr(periodId, original);
    expect(replacedAgain.error).toEqual(Messages.salesReportAlreadyLoaded(earlier.uuid));
    const otherFile = await refusedDsr(periodId, original.replace('2026-12-06T10:00:00Z', '2026-12-07T10:00:00Z').replace('\t1\t1\t2026-11-01', '\t2\t2\t2026-11-01'));
    expect(otherFile.error).toEqual(Messages.salesReportSuperseded('MSG-FRRC-REV-1', revisionId));
  });

  it('refuses a profile the intake does not read, naming it and the records the file holds, and writes nothing', async () => {
    const periodId = await periodIn('GBP');
    const unknown = await refusedDsr(periodId, fixture('unknown-profile.tsv'));
    expect(unknown.error).toMatch(/the profile "RadioBroadcastProfile" version "1\.0" is not one this reader knows .*the file holds HEAD 1, SY07 1, BR01 2, FOOT 1/);
    expect(unknown.errors?.sales_report).toEqual([unknown.error]);

    const unread = await refusedDsr(periodId, fixture('unread-usages.tsv'));
    expect(unread.error).toMatch(/yields no usage rows: it holds .*SU04\.01 2/);
    expect(await reportsOfPeriod(periodId)).toBe(0);
  });
});
