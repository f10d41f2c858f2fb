import { createPeriod, postSalesReport } from './finance-support.ts';
import type { Api, SeededRelease } from './royalties-world.ts';

/*
 * Money in the states each money route starts from, made through the owner's key: a royalty
 * statement processing, completed or approved; a finance period, one with a sales report, one
 * computed, and one whose payee statements are approved and payable.
 */

const expectStatus = (response: { status: number; text: string }, status: number, what: string): void => {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
};

/** A line no recording matches: its revenue is the workspace's own. */
export const unmatchedLine = (revenue: number) => ({
  dsp_name: 'Spotify',
  track_title: 'Nobody knows',
  artist_name: 'Unknown Band',
  period: '2026-11',
  isrc: 'ZZX000000001',
  upc: null,
  revenue,
});

/** A line matched to the track's artist by its ISRC. */
export const matchedLine = (release: SeededRelease, revenue: number) => ({
  dsp_name: 'Spotify',
  track_title: release.tracks[0]!.title,
  artist_name: 'Nova',
  period: '2026-11',
  isrc: release.tracks[0]!.isrc,
  upc: null,
  revenue,
});

export const moneyFixtures = (owner: Api, release: SeededRelease) => {
  const statement = async () => {
    const created = await owner('/v1/royalties', { body: { period: '2026-11' } });
    expectStatus(created, 201, 'statement create');
    return created.body.statement.uuid as string;
  };
  const completedStatement = async (lines: unknown[] = [unmatchedLine(100)]) => {
    const id = await statement();
    expectStatus(await owner(`/v1/royalties/${id}/line-items`, { body: { line_items: lines } }), 200, 'line items');
    return id;
  };
  const approvedStatement = async (lines?: unknown[]) => {
    const id = await completedStatement(lines);
    expectStatus(await owner(`/v1/royalties/${id}/approve`, { method: 'POST' }), 200, 'statement approve');
    return id;
  };
  /** Approved and paid: the lines' revenue becomes available to their payees. */
  const paidStatement = async (lines: unknown[]) => {
    const id = await approvedStatement(lines);
    expectStatus(await owner(`/v1/royalties/${id}/pay`, { method: 'POST' }), 200, 'statement pay');
    return id;
  };
  const period = async () => (await createPeriod(owner)).uuid;
  const salesLines = () => [{ isrc: release.tracks[0]!.isrc, territory: 'US', store: 'Spotify', units: '10', amount: '50.00' }];
  const periodWithReport = async () => {
    const id = await period();
    expectStatus(await owner('/v1/finance/sales-reports', { body: { period_id: id, source: 'Spotify', lines: salesLines() } }), 201, 'sales report');
    return id;
  };
  const computedPeriod = async () => {
    const periodId = await periodWithReport();
    const computed = await owner(`/v1/finance/periods/${periodId}/statements`, { method: 'POST' });
    expectStatus(computed, 201, 'compute');
    return {
      periodId,
      statementId: computed.body.statement.uuid as string,
      payeeStatementIds: (computed.body.payee_statements as { uuid: string }[]).map((row) => row.uuid),
    };
  };
  const approvedFinanceStatement = async () => {
    const computed = await computedPeriod();
    expectStatus(await owner(`/v1/finance/statements/${computed.statementId}/approve`, { method: 'POST' }), 200, 'finance statement approve');
    return computed;
  };
  /** Every payee statement approved, and the statement too: a payout may settle the period. */
  const payablePeriod = async () => {
    const computed = await computedPeriod();
    for (const id of computed.payeeStatementIds) {
      expectStatus(await owner(`/v1/finance/payee-statements/${id}/approve`, { method: 'POST' }), 200, 'payee statement approve');
    }
    expectStatus(await owner(`/v1/finance/statements/${computed.statementId}/approve`, { method: 'POST' }), 200, 'finance statement approve');
    return computed;
  };
  return {
    statement,
    completedStatement,
    approvedStatement,
    paidStatement,
    period,
    salesLines,
    periodWithReport,
    computedPeriod,
    approvedFinanceStatement,
    payablePeriod,
    // Each period's file names its period (a column the reader ignores): the same bytes twice would be a file already loaded.
    postSalesReport: (api: Api, periodId: string) =>
      postSalesReport(api, periodId, ['isrc,upc,territory,store,units,amount,period', `${release.tracks[0]!.isrc},,US,Spotify,10,50.00,${periodId}`, ''].join('\n')),
  };
};
export type MoneyFixtures = ReturnType<typeof moneyFixtures>;
