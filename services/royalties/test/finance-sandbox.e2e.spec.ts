import { Messages } from '@sv/contracts';
import { useFinanceSandboxWorld } from './support/finance-sandbox-world.ts';
import { createPeriod, endedJob, financeDb, postSalesReport, type FinanceDb } from './support/finance-support.ts';
import { seedRelease, type SeededRelease } from './support/royalties-world.ts';

/*
 * Finance in the sandbox: a report sent as JSON lines, statements and a payout. Every row is
 * written as in production; the payout says it was simulated and that no money was moved.
 */

const world = useFinanceSandboxWorld();
let db: FinanceDb;
let release: SeededRelease;

beforeAll(async () => {
  db = financeDb(world.platform.db.url);
  release = await seedRelease(world.artist, 1);
  await db.codesKept(release);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('finance in the sandbox', () => {
  it('records a JSON report (a bad line is 422 at its path), computes, approves and pays out as a simulation', async () => {
    const period = await createPeriod(world.owner, { currency: 'eur' });
    expect(period.currency).toBe('EUR');
    const isrc = release.tracks[0]!.isrc;

    const bad = await world.owner('/v1/finance/sales-reports', {
      body: { period_id: period.uuid, source: 'Deezer', lines: [{ isrc, amount: '1.00' }, { isrc, amount: '1.0000001' }] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['lines.1.amount']);

    const report = await world.owner('/v1/finance/sales-reports', {
      body: {
        period_id: period.uuid,
        source: 'Deezer',
        lines: [
          { isrc, territory: 'FR', units: 10, amount: '0.333333' },
          { isrc, territory: 'DE', units: '2', amount: 0.666667 },
          { upc: '000000000000', amount: '1.00' },
        ],
      },
    });
    expect(report.status).toBe(201);
    expect(report.body.sales_report).toMatchObject({ currency: 'EUR', rows_total: 3, rows_matched: 2, total_minor: 200, matched_minor: 100, unmatched_minor: 100, matched: '1.000000' });

    const computed = await world.owner(`/v1/finance/periods/${period.uuid}/statements`, { method: 'POST' });
    expect(computed.status).toBe(201);
    const [payee] = computed.body.payee_statements as { uuid: string; payee_type: string; payee_id: string; amount_minor: number }[];
    // A track without a split pays its artist 100 %.
    expect(computed.body.payee_statements).toHaveLength(1);
    expect(payee).toMatchObject({ payee_type: 'artist', payee_id: world.artistId, amount_minor: 100 });
    expect(computed.body.statement).toMatchObject({ total_minor: 100, report_total_minor: 200, unmatched_minor: 100 });

    // Two approvals at once: the conditional update lets exactly one through.
    const approvals = await Promise.all([1, 2].map(() => world.owner(`/v1/finance/payee-statements/${payee!.uuid}/approve`, { method: 'POST' })));
    expect(approvals.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await world.owner(`/v1/finance/statements/${computed.body.statement.uuid}/approve`, { method: 'POST' })).status).toBe(200);

    // Two payouts of the period at once: one pays, the other finds nothing left (409).
    const payouts = await Promise.all([1, 2].map(() => world.owner('/v1/finance/payouts', { body: { period_id: period.uuid } })));
    expect(payouts.map((response) => response.status).sort()).toEqual([201, 409]);
    const payout = payouts.find((response) => response.status === 201)!.body.payout;
    expect(payout).toMatchObject({ status: 'simulated', simulated: true, note: Messages.payoutSimulated, amount_minor: 100, currency: 'EUR' });

    // The rows are written as in production.
    expect((await world.owner(`/v1/finance/payee-statements/${payee!.uuid}`)).body.payee_statement).toMatchObject({ status: 'paid', payout_id: payout.uuid });
    expect((await world.owner(`/v1/finance/statements/${computed.body.statement.uuid}`)).body.statement.status).toBe('paid');
    expect(await db.count('payout', `"id" = $1 and "simulated" and "status" = 'simulated'`, [payout.uuid])).toBe(1);
    expect(await db.financeEventsOf(payout.uuid)).toEqual(['finance.payee_statement.paid', 'finance.payout.created']);
  });

  it("answers a file upload with a job whose Location is under the sandbox's /api, polled to completed", async () => {
    const period = await createPeriod(world.owner, { currency: 'EUR' });
    const upload = await postSalesReport(world.owner, period.uuid, `isrc,upc,territory,store,units,amount\n${release.tracks[0]!.isrc},,FR,Deezer,3,0.30\n`);
    expect(upload.status).toBe(202);
    expect(upload.headers.get('location')).toBe(`/api/v1/finance/sales-report-jobs/${upload.body.sales_report_job.uuid}`);
    const job = await endedJob(world.owner, upload);
    expect(job).toMatchObject({ status: 'completed', progress: { rows_read: 1, rows_matched: 1, percent: 100 } });
  });

  it('records a withdrawal and its ledger entries, marked simulated: the sandbox moves no money', async () => {
    const statement = (await world.owner('/v1/royalties', { body: { period: '2026-10' } })).body.statement as { uuid: string };
    const line = { dsp_name: 'Deezer', track_title: 'Track 1', artist_name: 'Sandy', revenue: 25, isrc: release.tracks[0]!.isrc, period: '2026-10' };
    expect((await world.owner(`/v1/royalties/${statement.uuid}/line-items`, { body: { line_items: [line] } })).status).toBe(200);
    expect((await world.owner(`/v1/royalties/${statement.uuid}/approve`, { method: 'POST' })).status).toBe(200);
    expect((await world.owner(`/v1/royalties/${statement.uuid}/pay`, { method: 'POST' })).status).toBe(200);

    const withdrawal = await world.artist('/v1/royalties/withdrawals', { body: { amount_usd: 10 } });
    expect(withdrawal.status).toBe(201);
    expect(withdrawal.body.withdrawal).toMatchObject({ amount_usd: '10.00', status: 'simulated' });
    expect((await world.artist('/v1/royalties/balance')).body.balance).toMatchObject({ available_usd: '15.00' });
    expect(await db.count('withdrawal', `"id" = $1 and "status" = 'simulated'`, [withdrawal.body.withdrawal.id])).toBe(1);
  });
});
