import { randomUUID } from 'node:crypto';
import { Messages } from '@sv/contracts';
import {
  createPeriod,
  endedJob,
  financeDb,
  jobPath,
  loadSalesReport,
  postSalesReport,
  type FinanceDb,
} from './support/finance-support.ts';
import { seedRelease, useRoyaltiesWorld, type SeededRelease } from './support/royalties-world.ts';

/*
 * Finance through the gateway: periods, a store's sales report CSV matched to the catalogue, the
 * period's tenant statement and payee statements from the splits in force, approval, locking and
 * payouts, with every amount exact to the cent.
 */

const world = useRoyaltiesWorld();
let db: FinanceDb;
let release: SeededRelease;

beforeAll(async () => {
  db = financeDb(world.platform.db.url);
  release = await seedRelease(world.a.artist, 2);
  await db.codesKept(release);
  // Track 1: a three-way split of 33.33/33.33/33.34; track 2 has none (its artist, Nova, is paid 100 %).
  const split = await world.a.owner(`/v1/tracks/${release.tracks[0]!.id}/splits`, {
    method: 'PUT',
    body: {
      splits: [
        { name: 'Nova', artist_id: world.a.artistId, percentage: 33.33 },
        { name: 'Orbit', artist_id: world.a.otherArtistId, percentage: 33.33 },
        { name: 'Player', email: 'player@example.com', percentage: 33.34 },
      ],
    },
  });
  if (split.status !== 200) throw new Error(`split: ${split.status} ${split.text}`);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const UNKNOWN_ISRC = 'QZZZZ2799999';
const reportCsv = () =>
  [
    'isrc,upc,territory,store,units,amount',
    `${release.tracks[0]!.isrc},,US,Spotify,1000,100.00`,
    `${release.tracks[0]!.isrc},,DE,Spotify,1,0.01`,
    `${release.tracks[0]!.isrc},,FR,Apple Music,7,0.07`,
    `${release.tracks[1]!.isrc},,US,Spotify,50,2.50`,
    `,${release.upc},US,iTunes,3,0.30`,
    `${UNKNOWN_ISRC},,US,Spotify,5,5.00`,
    '',
  ].join('\n');

describe('finance periods', () => {
  it('creates a period, refuses its code twice (409), reads it and lists it in both pagination modes', async () => {
    const period = await createPeriod(world.a.owner, { name: 'November' });
    expect(period).toMatchObject({ code: expect.any(String), currency: 'USD' });
    const again = await world.a.owner('/v1/finance/periods', { body: { code: period.code, starts_on: '2026-12-01', ends_on: '2026-12-31' } });
    expect([again.status, again.body.error]).toEqual([409, Messages.periodCodeExists]);
    // Another tenant may use the same code.
    expect((await world.b.owner('/v1/finance/periods', { body: { code: period.code, starts_on: '2026-12-01', ends_on: '2026-12-31' } })).status).toBe(201);

    const read = await world.a.owner(`/v1/finance/periods/${period.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body.period).toMatchObject({ uuid: period.uuid, code: period.code, name: 'November', starts_on: '2026-11-01', ends_on: '2026-11-30' });

    await createPeriod(world.a.owner);
    const offset = await world.a.owner('/v1/finance/periods?per_page=1');
    expect(offset.status).toBe(200);
    expect(offset.body.meta).toMatchObject({ mode: 'offset', per_page: 1, current_page: 1 });
    expect(offset.body.total).toBeGreaterThanOrEqual(2);
    const first = await world.a.owner('/v1/finance/periods?cursor=&per_page=1');
    expect(first.body.meta).toMatchObject({ mode: 'cursor', has_more: true });
    const second = await world.a.owner(`/v1/finance/periods?cursor=${first.body.meta.next_cursor}&per_page=1`);
    expect(second.body.periods[0].uuid).not.toBe(first.body.periods[0].uuid);

    const missing = await world.a.owner(`/v1/finance/periods/${randomUUID()}`);
    expect([missing.status, missing.body.error]).toEqual([404, Messages.periodNotFound]);
    // Two creates of one code at once: exactly one wins.
    const code = `RACE-${Date.now().toString(36)}`;
    const race = await Promise.all([1, 2].map(() => world.a.owner('/v1/finance/periods', { body: { code, starts_on: '2026-11-01', ends_on: '2026-11-30' } })));
    expect(race.map((response) => response.status).sort()).toEqual([201, 409]);
    const bad = await world.a.owner('/v1/finance/periods', { body: { code: 'X', starts_on: '2026-11-31', ends_on: '2026-11-01' } });
    expect(bad.status).toBe(422);
  });
});

describe('sales reports, statements and payouts', () => {
  let periodId: string;
  let reportId: string;
  let jobLocation: string;
  let statementId: string;
  let payees: Record<string, { uuid: string; amount_minor: number; status: string }>;

  it('refuses a report with a bad row whole: its job fails naming each cell, nothing kept', async () => {
    periodId = (await createPeriod(world.a.owner)).uuid;
    const lines = reportCsv().split('\n');
    lines[3] = `${release.tracks[0]!.isrc},,DE,Spotify,1,abc`;
    lines[5] = `${release.tracks[1]!.isrc},,USA,Spotify,-2,2.50`;
    const refused = await loadSalesReport(world.a.owner, periodId, lines.join('\n'));
    expect([refused.status, refused.error, refused.sales_report_uuid]).toEqual(['failed', Messages.validationFailed, null]);
    expect(Object.keys(refused.errors!).sort()).toEqual(['row 4, column amount', 'row 6, column territory', 'row 6, column units']);
    expect(refused.progress).toMatchObject({ rows_read: 6, rows_matched: 0 });
    expect(refused.finished_at).toEqual(expect.any(String));
    expect((await world.a.owner(`/v1/finance/sales-reports?period_id=${periodId}`)).body.total).toBe(0);
    expect(await db.count('sales_report', `"period_id" = $1`, [periodId])).toBe(0);
    expect(await db.count('sales_report_row', `"report_id" in (select "id" from "royalties"."sales_report" where "period_id" = $1)`, [periodId])).toBe(0);
    // A refusal is the file's fault: the job is not tried again.
    expect(await db.count('sales_report_job', `"id" = $1 and "attempts" = 1`, [refused.uuid])).toBe(1);

    const form = new FormData();
    form.append('source', 'No file');
    const noFile = await world.a.owner(`/v1/finance/periods/${periodId}/sales-reports`, { method: 'POST', raw: form });
    expect([noFile.status, noFile.body.errors?.sales_report]).toEqual([422, ['The sales_report file is required.']]);
    const header = await loadSalesReport(world.a.owner, periodId, 'title,revenue\nA,1.00\n');
    expect([header.status, header.errors?.sales_report]).toEqual(['failed', [Messages.salesReportHeader]]);
    // The form's currency needs no reading of the file: refused at once.
    const currency = await postSalesReport(world.a.owner, periodId, reportCsv(), { currency: 'EUR' });
    expect([currency.status, currency.body.errors?.currency]).toEqual([422, [Messages.salesReportCurrency('EUR', 'USD')]]);
  });

  it('takes a good report as a job (202, Location polled to completed): rows matched by ISRC, then by UPC; the unmatched row kept and listed', async () => {
    const upload = await postSalesReport(world.a.owner, periodId, reportCsv(), { source: 'Spotify November' });
    expect(upload.status).toBe(202);
    const queued = upload.body.sales_report_job;
    expect(queued).toMatchObject({ status: 'queued', period_uuid: periodId, file_name: 'report.csv', sales_report_uuid: null, error: null, errors: null });
    expect(queued.progress).toMatchObject({ bytes_read: 0, bytes_total: Buffer.byteLength(reportCsv()), rows_read: 0, percent: 0, eta_seconds: null });
    expect(upload.headers.get('location')).toBe(`/v1/finance/sales-report-jobs/${queued.uuid}`);
    jobLocation = jobPath(upload.headers.get('location'));
    const job = await endedJob(world.a.owner, upload);
    expect(job).toMatchObject({ uuid: queued.uuid, status: 'completed', error: null, errors: null, started_at: expect.any(String), finished_at: expect.any(String) });
    expect(job.progress).toMatchObject({ bytes_read: job.progress.bytes_total, percent: 100, rows_read: 6, rows_matched: 5, eta_seconds: null });
    const done = await world.a.owner(jobLocation);
    expect([done.status, done.headers.get('retry-after')]).toEqual([200, null]);
    const response = await world.a.owner(`/v1/finance/sales-reports/${job.sales_report_uuid}`);
    const report = response.body.sales_report;
    reportId = report.uuid;
    expect(report).toMatchObject({
      period_id: periodId,
      source: 'Spotify November',
      currency: 'USD',
      rows_total: 6,
      rows_matched: 5,
      rows_unmatched: 1,
      total: '107.880000',
      matched: '102.880000',
      unmatched: '5.000000',
      total_minor: 10788,
      matched_minor: 10288,
      unmatched_minor: 500,
    });

    const unmatched = await world.a.owner(`/v1/finance/sales-reports/${reportId}/rows?matched=false`);
    expect(unmatched.status).toBe(200);
    expect(unmatched.body.rows).toEqual([
      expect.objectContaining({ row: 7, isrc: UNKNOWN_ISRC, amount: '5.000000', units: 5, matched: false, match: null, track_id: null }),
    ]);
    const matched = await world.a.owner(`/v1/finance/sales-reports/${reportId}/rows?matched=true&per_page=500`);
    expect(matched.body.rows.map((row: { row: number; match: string }) => [row.row, row.match])).toEqual([
      [2, 'track'],
      [3, 'track'],
      [4, 'track'],
      [5, 'track'],
      [6, 'release'],
    ]);
    expect(matched.body.rows[0]).toMatchObject({ track_id: release.tracks[0]!.id, release_id: release.id, artist_id: world.a.artistId, territory: 'US' });
    expect((await world.a.owner(`/v1/finance/sales-reports/${reportId}/rows?per_page=501`)).status).toBe(422);
    expect((await world.a.owner(`/v1/finance/sales-reports/${randomUUID()}`)).body.error).toBe(Messages.salesReportNotFound);
    expect(await db.financeEventsOf(reportId)).toEqual(['finance.sales_report.recorded']);

    // The same file again is recognised by its bytes and not counted twice.
    const twice = await loadSalesReport(world.a.owner, periodId, reportCsv(), { source: 'Spotify again' });
    expect([twice.status, twice.error, twice.errors]).toEqual(['failed', Messages.salesReportAlreadyLoaded(reportId), null]);
    expect((await world.a.owner(`/v1/finance/sales-reports?period_id=${periodId}`)).body.total).toBe(1);
  });

  it('computes the period: payee statements sum to the tenant statement, which is the report total minus the unmatched, to the cent', async () => {
    const computed = await world.a.owner(`/v1/finance/periods/${periodId}/statements`, { method: 'POST' });
    expect(computed.status).toBe(201);
    const { statement } = computed.body;
    expect(statement).toMatchObject({ status: 'draft', total_minor: 10288, report_total_minor: 10788, unmatched_minor: 500, payee_statements: 3, currency: 'USD' });
    const rows = computed.body.payee_statements as { uuid: string; name: string | null; payee_type: string; payee_id: string | null; amount_minor: number; exact_amount: string; status: string }[];
    // Track 1's 100.08 splits to 33.356664 / 33.356664 / 33.366672; Nova adds track 2 (2.50) and the UPC-matched release (0.30).
    expect(rows.map((row) => [row.name, row.payee_type, row.payee_id, row.exact_amount, row.amount_minor])).toEqual([
      ['Nova', 'artist', world.a.artistId, '36.156664', 3616],
      ['Orbit', 'artist', world.a.otherArtistId, '33.356664', 3335],
      ['Player', 'external', null, '33.366672', 3337],
    ]);
    // Rounding 102.88 to cents leaves two cents: to the largest remainders (Player's .6672, then Nova's .6664 over Orbit's equal one by the larger amount).
    expect(rows.reduce((sum, row) => sum + row.amount_minor, 0)).toBe(statement.total_minor);
    expect(statement.total_minor).toBe(statement.report_total_minor - statement.unmatched_minor);

    // Recomputing replaces the draft.
    const again = await world.a.owner(`/v1/finance/periods/${periodId}/statements`, { method: 'POST' });
    expect(again.status).toBe(201);
    expect((await world.a.owner(`/v1/finance/statements/${statement.uuid}`)).body.error).toBe(Messages.statementNotFound);
    statementId = again.body.statement.uuid;
    payees = Object.fromEntries((again.body.payee_statements as { name: string; uuid: string; amount_minor: number; status: string }[]).map((row) => [row.name, row]));
    const listed = await world.a.owner(`/v1/finance/payee-statements?statement_id=${statementId}`);
    expect(listed.body.total).toBe(3);
    expect((await world.a.owner(`/v1/finance/statements?period_id=${periodId}`)).body.statements.map((row: { uuid: string }) => row.uuid)).toEqual([statementId]);
  });

  it('approves drafts only (409 otherwise), then refuses to recompute', async () => {
    const approved = await world.a.owner(`/v1/finance/payee-statements/${payees.Nova!.uuid}/approve`, { method: 'POST' });
    expect([approved.status, approved.body.payee_statement.status]).toEqual([200, 'approved']);
    const twice = await world.a.owner(`/v1/finance/payee-statements/${payees.Nova!.uuid}/approve`, { method: 'POST' });
    expect([twice.status, twice.body.error]).toEqual([409, Messages.onlyDraftPayeeStatements]);
    const recompute = await world.a.owner(`/v1/finance/periods/${periodId}/statements`, { method: 'POST' });
    expect([recompute.status, recompute.body.error]).toEqual([409, Messages.onlyDraftStatementsRecompute]);

    // A payee statement of a draft statement is not paid out yet.
    const early = await world.a.owner('/v1/finance/payouts', { body: { payee_statement_ids: [payees.Nova!.uuid] } });
    expect([early.status, early.body.error]).toEqual([409, Messages.payoutNotPayable]);

    const lockDraft = await world.a.owner(`/v1/finance/statements/${statementId}/lock`, { method: 'POST' });
    expect([lockDraft.status, lockDraft.body.error]).toEqual([409, Messages.onlyApprovedStatementsLock]);
    const statement = await world.a.owner(`/v1/finance/statements/${statementId}/approve`, { method: 'POST' });
    expect(statement.status).toBe(200);
    expect(statement.body.statement).toMatchObject({ status: 'approved', approved_at: expect.any(String) });
    const statementTwice = await world.a.owner(`/v1/finance/statements/${statementId}/approve`, { method: 'POST' });
    expect([statementTwice.status, statementTwice.body.error]).toEqual([409, Messages.onlyDraftStatements]);
  });

  it('pays out approved payee statements; the statement is paid with its last one', async () => {
    const nova = await world.a.owner('/v1/finance/payouts', { body: { payee_statement_ids: [payees.Nova!.uuid] } });
    expect(nova.status).toBe(201);
    expect(nova.body.payout).toMatchObject({ status: 'completed', simulated: false, amount_minor: 3616, currency: 'USD', payee_statement_ids: [payees.Nova!.uuid] });
    const paid = await world.a.owner(`/v1/finance/payee-statements/${payees.Nova!.uuid}`);
    expect(paid.body.payee_statement).toMatchObject({ status: 'paid', payout_id: nova.body.payout.uuid });
    // Paid once only.
    expect((await world.a.owner('/v1/finance/payouts', { body: { payee_statement_ids: [payees.Nova!.uuid] } })).status).toBe(409);
    // Orbit is still draft: nothing of the period to pay yet but what is approved.
    const draftOne = await world.a.owner('/v1/finance/payouts', { body: { payee_statement_ids: [payees.Orbit!.uuid] } });
    expect([draftOne.status, draftOne.body.error]).toEqual([409, Messages.payoutNotPayable]);

    for (const name of ['Orbit', 'Player']) {
      expect((await world.a.owner(`/v1/finance/payee-statements/${payees[name]!.uuid}/approve`, { method: 'POST' })).status).toBe(200);
    }
    const locked = await world.a.owner(`/v1/finance/statements/${statementId}/lock`, { method: 'POST' });
    expect([locked.status, locked.body.statement.status]).toEqual([200, 'locked']);

    // A settled period takes no more reports: refused at once.
    const late = await postSalesReport(world.a.owner, periodId, reportCsv());
    expect([late.status, late.body.error]).toEqual([409, Messages.periodSettled]);

    const rest = await world.a.owner('/v1/finance/payouts', { body: { period_id: periodId } });
    expect(rest.status).toBe(201);
    expect(rest.body.payout.amount_minor).toBe(3335 + 3337);
    expect([...rest.body.payout.payee_statement_ids].sort()).toEqual([payees.Orbit!.uuid, payees.Player!.uuid].sort());
    const statement = await world.a.owner(`/v1/finance/statements/${statementId}`);
    expect(statement.body.statement).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    const nothing = await world.a.owner('/v1/finance/payouts', { body: { period_id: periodId } });
    expect([nothing.status, nothing.body.error]).toEqual([409, Messages.payoutNothingToPay]);

    const list = await world.a.owner('/v1/finance/payouts?per_page=10');
    expect(list.body.payouts.map((payout: { uuid: string }) => payout.uuid)).toEqual([rest.body.payout.uuid, nova.body.payout.uuid]);
    expect((await world.a.owner(`/v1/finance/payouts/${nova.body.payout.uuid}`)).body.payout.uuid).toBe(nova.body.payout.uuid);
    const missing = await world.a.owner(`/v1/finance/payouts/${randomUUID()}`);
    expect([missing.status, missing.body.error]).toEqual([404, Messages.payoutNotFound]);
    const unknownPayee = await world.a.owner('/v1/finance/payouts', { body: { payee_statement_ids: [randomUUID()] } });
    expect([unknownPayee.status, unknownPayee.body.error]).toEqual([404, Messages.payeeStatementNotFound]);

    // Every status move went out through the outbox with its cause.
    expect(await db.financeEventsOf(statementId)).toEqual([
      'finance.statement.computed',
      'finance.payee_statement.approved',
      'finance.statement.approved',
      'finance.payee_statement.paid',
      'finance.payee_statement.approved',
      'finance.payee_statement.approved',
      'finance.statement.locked',
      'finance.payee_statement.paid',
      'finance.payee_statement.paid',
      'finance.statement.paid',
    ]);
    expect(await db.financeEventsOf(nova.body.payout.uuid)).toEqual(['finance.payee_statement.paid', 'finance.payout.created']);
    // The relay publishes them on the bus (royalties may publish finance.*).
    expect(await db.financePublished()).toBe(true);
  });

  it('moves the money in the ledger: approvals credit each payee as pending, payouts make it available, every journal sums to zero', async () => {
    const balance = async (api: typeof world.a.artist) => (await api('/v1/royalties/balance')).body.balance as { available_usd: string; pending_usd: string };
    expect(await balance(world.a.artist)).toMatchObject({ available_usd: '36.16', pending_usd: '0.00' });
    expect(await balance(world.a.otherArtist)).toMatchObject({ available_usd: '33.35', pending_usd: '0.00' });
    const byPayee = await db.query<{ payee_type: string; payee_id: string | null; payee_email: string | null; account: string; total: string }>(
      `select "payee_type", "payee_id", "payee_email", "account", sum("amount_minor")::text as "total" from "royalties"."ledger_entry"
        where "cause_type" in ('payee_statement_approval', 'payout') group by 1, 2, 3, 4 having sum("amount_minor") <> 0 order by 4, 1, 2`,
    );
    const seen = byPayee.map((row) => [row.account, row.payee_type, row.payee_id ?? row.payee_email, Number(row.total)]);
    expect(seen).toHaveLength(4);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['payee_available', 'artist', world.a.artistId, 3616],
        ['payee_available', 'artist', world.a.otherArtistId, 3335],
        ['payee_available', 'external', 'player@example.com', 3337],
        ['royalty_income', 'tenant', null, -10288],
      ]),
    );
    const unbalanced = await db.query(`select "journal_id" from "royalties"."ledger_entry" group by "journal_id", "currency" having sum("amount_minor") <> 0`);
    expect(unbalanced).toEqual([]);
  });

  it('matches a report larger than one catalogue batch (2,501 rows) and keeps every row', async () => {
    const period = await createPeriod(world.a.owner);
    const isrc = release.tracks[1]!.isrc;
    const rows = Array.from({ length: 2_501 }, (_, index) => `${index % 2 === 0 ? isrc : UNKNOWN_ISRC},,US,Spotify,1,0.01`);
    const job = await loadSalesReport(world.a.owner, period.uuid, ['isrc,upc,territory,store,units,amount', ...rows].join('\r\n'));
    expect([job.status, job.progress.rows_read, job.progress.rows_matched, job.progress.percent]).toEqual(['completed', 2_501, 1_251, 100]);
    const report = (await world.a.owner(`/v1/finance/sales-reports/${job.sales_report_uuid}`)).body.sales_report;
    expect(report).toMatchObject({ rows_total: 2_501, rows_matched: 1_251, rows_unmatched: 1_250, total_minor: 2_501, matched_minor: 1_251 });
    const last = await world.a.owner(`/v1/finance/sales-reports/${report.uuid}/rows?per_page=500&page=6`);
    expect(last.body.total).toBe(2_501);
    expect(last.body.rows.map((row: { row: number; matched: boolean }) => [row.row, row.matched])).toEqual([[2_502, true]]);
  });

  it("keeps another tenant's period, report, statements and payouts out of sight (404)", async () => {
    const b = world.b.owner;
    expect((await b(`/v1/finance/periods/${periodId}`)).body.error).toBe(Messages.periodNotFound);
    expect((await b(`/v1/finance/sales-reports/${reportId}`)).status).toBe(404);
    expect((await b(`/v1/finance/sales-reports/${reportId}/rows`)).status).toBe(404);
    expect((await b(`/v1/finance/statements/${statementId}`)).body.error).toBe(Messages.statementNotFound);
    expect((await b(`/v1/finance/statements/${statementId}/approve`, { method: 'POST' })).status).toBe(404);
    expect((await b(`/v1/finance/payee-statements/${payees.Orbit!.uuid}`)).body.error).toBe(Messages.payeeStatementNotFound);
    expect((await b(`/v1/finance/periods/${periodId}/statements`, { method: 'POST' })).status).toBe(404);
    expect((await postSalesReport(b, periodId, reportCsv())).status).toBe(404);
    const job = await b(jobLocation);
    expect([job.status, job.body.error]).toEqual([404, Messages.salesReportJobNotFound]);
    expect((await world.a.owner(`/v1/finance/sales-report-jobs/${randomUUID()}`)).body.error).toBe(Messages.salesReportJobNotFound);
    expect((await b('/v1/finance/payouts', { body: { period_id: periodId } })).body.error).toBe(Messages.periodNotFound);
    expect((await b('/v1/finance/statements')).body.total).toBe(0);
  });

  it('needs finance.manage: team and artist keys are 403', async () => {
    for (const api of [world.a.team, world.a.artist]) {
      expect((await api('/v1/finance/periods')).status).toBe(403);
      expect((await api('/v1/finance/periods', { body: { code: 'NOPE', starts_on: '2026-11-01', ends_on: '2026-11-30' } })).status).toBe(403);
      expect((await api(`/v1/finance/statements/${statementId}`)).status).toBe(403);
      expect((await postSalesReport(api, periodId, reportCsv())).status).toBe(403);
      expect((await api(jobLocation)).status).toBe(403);
      expect((await api('/v1/finance/payouts', { body: { period_id: periodId } })).status).toBe(403);
    }
  });
});
