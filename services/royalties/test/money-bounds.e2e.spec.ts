import { createPeriod, loadSalesReport } from './support/finance-support.ts';
import { matchedLine, unmatchedLine } from './support/money-fixtures.ts';
import { seedRelease, useRoyaltiesWorld, type SeededRelease } from './support/royalties-world.ts';

/*
 * Sums beyond what a bigint column holds, through the gateway: a statement's total, a sales
 * report's line and total, a payee's share of a period. Each is refused with a 422 naming the field,
 * before anything is stored, never a 500.
 */

const world = useRoyaltiesWorld();
let release: SeededRelease;

/** The largest revenue a line may carry; nine of them fit a statement's total, ten do not. */
const LARGEST_REVENUE = 999_999_999_999;
const LARGEST_AMOUNT = '999999999999.999999';

beforeAll(async () => {
  release = await seedRelease(world.a.artist, 1);
}, 60_000);

const times = <T>(count: number, make: () => T): T[] => Array.from({ length: count }, make);

describe("a royalty statement's total", () => {
  it('refuses lines whose revenue sums beyond bigint: 422 on line_items, the statement untouched', async () => {
    const created = await world.a.owner('/v1/royalties', { body: { period: '2026-11' } });
    const id = created.body.statement.uuid as string;
    const refused = await world.a.owner(`/v1/royalties/${id}/line-items`, { body: { line_items: times(10, () => unmatchedLine(LARGEST_REVENUE)) } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ line_items: [expect.stringContaining('beyond 9223372036854.775807')] });
    const read = await world.a.owner(`/v1/royalties/${id}`);
    expect(read.body.statement).toMatchObject({ status: 'processing', line_count: 0, total_revenue: 0, line_items: [] });
  });

  it('takes lines up to the bound, then refuses a later batch that would cross it, keeping the first', async () => {
    const created = await world.a.owner('/v1/royalties', { body: { period: '2026-11' } });
    const id = created.body.statement.uuid as string;
    const first = await world.a.owner(`/v1/royalties/${id}/line-items`, { body: { line_items: times(9, () => matchedLine(release, LARGEST_REVENUE)) } });
    expect(first.status).toBe(200);
    expect(first.body.statement.line_count).toBe(9);
    const more = await world.a.owner(`/v1/royalties/${id}/line-items`, { body: { line_items: [unmatchedLine(LARGEST_REVENUE)] } });
    expect([more.status, Object.keys(more.body.errors ?? {})]).toEqual([422, ['line_items']]);
    const read = await world.a.owner(`/v1/royalties/${id}`);
    expect(read.body.statement).toMatchObject({ status: 'completed', line_count: 9, total_revenue: first.body.statement.total_revenue });
    // A store's adjustment brings the total back down, and the statement takes lines again.
    const adjusted = await world.a.owner(`/v1/royalties/${id}/line-items`, { body: { line_items: [unmatchedLine(-LARGEST_REVENUE), unmatchedLine(LARGEST_REVENUE)] } });
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.statement.line_count).toBe(11);
  });
});

describe('a sales report', () => {
  const line = (amount: string) => ({ isrc: release.tracks[0]!.isrc, territory: 'US', store: 'Spotify', units: '1', amount });
  const reportsOf = async (periodId: string) => (await world.a.owner(`/v1/finance/sales-reports?period_id=${periodId}`)).body.total as number;

  it('refuses a line amount beyond the largest a line may carry, at its cell (JSON and CSV), keeping nothing', async () => {
    const period = await createPeriod(world.a.owner);
    const json = await world.a.owner('/v1/finance/sales-reports', { body: { period_id: period.uuid, source: 'Spotify', lines: [line('99999999999999999999')] } });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({ 'lines.0.amount': [`The amount may not be greater than ${LARGEST_AMOUNT}.`] });
    const csv = await loadSalesReport(world.a.owner, period.uuid, `isrc,upc,territory,store,units,amount\n${release.tracks[0]!.isrc},,US,Spotify,1,99999999999999999999\n`);
    expect(csv.status).toBe('failed');
    expect(csv.errors).toEqual({ 'row 2, column amount': [`The amount may not be greater than ${LARGEST_AMOUNT}.`] });
    expect(await reportsOf(period.uuid)).toBe(0);
  });

  it('refuses lines whose amounts sum beyond bigint: 422 on lines, keeping nothing', async () => {
    const period = await createPeriod(world.a.owner);
    const refused = await world.a.owner('/v1/finance/sales-reports', { body: { period_id: period.uuid, source: 'Spotify', lines: times(10, () => line(LARGEST_AMOUNT)) } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ lines: [expect.stringContaining('beyond 9223372036854.775807')] });
    expect(await reportsOf(period.uuid)).toBe(0);
  });

  it("refuses to compute a period whose sales give one payee more than a payee statement holds: 422 on period, nothing computed", async () => {
    const period = await createPeriod(world.a.owner);
    for (const source of ['Spotify', 'Deezer']) {
      const report = await world.a.owner('/v1/finance/sales-reports', { body: { period_id: period.uuid, source, lines: times(9, () => line(LARGEST_AMOUNT)) } });
      expect(report.status).toBe(201);
    }
    const computed = await world.a.owner(`/v1/finance/periods/${period.uuid}/statements`, { method: 'POST' });
    expect(computed.status).toBe(422);
    expect(Object.keys(computed.body.errors)).toEqual(['period']);
    expect((await world.a.owner(`/v1/finance/statements?period_id=${period.uuid}`)).body.total).toBe(0);
  });
});
