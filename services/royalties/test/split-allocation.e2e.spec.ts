import { createPeriod, uploadSalesReport } from './support/finance-support.ts';
import { royaltiesDb, type RoyaltiesDb } from './support/ledger-db.ts';
import { seedRelease, useRoyaltiesWorld, type SeededRelease } from './support/royalties-world.ts';

/*
 * One track split three ways (33.33/33.33/33.34), sold for an odd amount, paid through both money
 * paths: the file-level statement cycle (lines, approve, pay, each payee's balance) and finance (a
 * period, its sales report, its statements). Every payee gets the same cents on both.
 */

const world = useRoyaltiesWorld();
let db: RoyaltiesDb;
let release: SeededRelease;

const PLAYER_EMAIL = 'player@example.com';
/** Two sales of the track, 100.07 in all: the odd cents have to land somewhere. */
const SALES = ['60.05', '40.02'];

beforeAll(async () => {
  db = royaltiesDb(world.platform.db.url);
  release = await seedRelease(world.a.artist, 1);
  const split = await world.a.owner(`/v1/tracks/${release.tracks[0]!.id}/splits`, {
    method: 'PUT',
    body: {
      splits: [
        { name: 'Nova', artist_id: world.a.artistId, percentage: 33.33 },
        { name: 'Orbit', artist_id: world.a.otherArtistId, percentage: 33.33 },
        { name: 'Player', email: PLAYER_EMAIL, percentage: 33.34 },
      ],
    },
  });
  if (split.status !== 200) throw new Error(`split: ${split.status} ${split.text}`);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const cents = (usd: string): number => Math.round(Number(usd) * 100);

/** Cents made available to a payee by one statement's payment, as the ledger holds them. */
const paidTo = async (statementId: string, payee: { type: string; id?: string; email?: string }): Promise<number> => {
  const rows = await db.query<{ total: string | null }>(
    `select sum("amount_minor")::text as "total" from "royalties"."ledger_entry"
      where "cause_type" = 'statement_payment' and "cause_id" = $1 and "account" = 'payee_available'
        and "payee_type" = $2 and "payee_id" is not distinct from $3::uuid and "payee_email" is not distinct from $4`,
    [statementId, payee.type, payee.id ?? null, payee.email ?? null],
  );
  return Number(rows[0]?.total ?? 0);
};

describe('a three-way split paid through both paths', () => {
  const fileLevel: Record<string, number> = {};

  it('file-level: approving and paying credits every payee of the split, not only the line\'s artist', async () => {
    const created = await world.a.owner('/v1/royalties', { body: { period: '2026-11', filename: 'split.csv' } });
    expect(created.status).toBe(201);
    const statementId = created.body.statement.uuid as string;
    const track = release.tracks[0]!;
    const lines = SALES.map((revenue) => ({ dsp_name: 'Spotify', track_title: track.title, artist_name: 'Nova', period: '2026-11', isrc: track.isrc, revenue: Number(revenue) }));
    const added = await world.a.owner(`/v1/royalties/${statementId}/line-items`, { body: { line_items: lines } });
    expect(added.status).toBe(200);
    expect(added.body.statement.line_items.map((item: { track_id: string }) => item.track_id)).toEqual([track.id, track.id]);
    expect((await world.a.owner(`/v1/royalties/${statementId}/approve`, { method: 'POST' })).status).toBe(200);
    expect((await world.a.owner(`/v1/royalties/${statementId}/pay`, { method: 'POST' })).status).toBe(200);
    expect(await db.unbalancedJournals()).toEqual([]);

    const nova = (await world.a.artist('/v1/royalties/balance')).body.balance;
    const orbit = (await world.a.otherArtist('/v1/royalties/balance')).body.balance;
    const workspace = (await world.a.owner('/v1/royalties/balance')).body.balance;
    fileLevel.Nova = cents(nova.available_usd);
    fileLevel.Orbit = cents(orbit.available_usd);
    fileLevel.Player = await paidTo(statementId, { type: 'external', email: PLAYER_EMAIL });
    // The balance each artist sees is what the payment made available to it in the ledger.
    expect(fileLevel.Nova).toBe(await paidTo(statementId, { type: 'artist', id: world.a.artistId }));
    expect(fileLevel.Orbit).toBe(await paidTo(statementId, { type: 'artist', id: world.a.otherArtistId }));
    // 100.07 splits exactly into 33.353331 / 33.353331 / 33.363338; cut to cents they leave one
    // cent, which goes to Player's share, the one that lost the most (.3338).
    expect(fileLevel).toEqual({ Nova: 3335, Orbit: 3335, Player: 3337 });
    expect([nova.pending_usd, orbit.pending_usd, workspace.available_usd, workspace.pending_usd]).toEqual(['0.00', '0.00', '0.00', '0.00']);
  });

  it('finance: the period\'s payee statements give every payee the same cents', async () => {
    const period = await createPeriod(world.a.owner);
    const csv = ['isrc,upc,territory,store,units,amount', ...SALES.map((amount) => `${release.tracks[0]!.isrc},,US,Spotify,100,${amount}`), ''].join('\n');
    expect((await uploadSalesReport(world.a.owner, period.uuid, csv)).rows_total).toBe(SALES.length);
    const computed = await world.a.owner(`/v1/finance/periods/${period.uuid}/statements`, { method: 'POST' });
    expect(computed.status).toBe(201);
    const rows = computed.body.payee_statements as { name: string; payee_type: string; payee_id: string | null; email: string | null; amount_minor: number }[];
    expect(rows.map((row) => [row.name, row.payee_type, row.payee_id])).toEqual([
      ['Nova', 'artist', world.a.artistId],
      ['Orbit', 'artist', world.a.otherArtistId],
      ['Player', 'external', null],
    ]);
    expect(Object.fromEntries(rows.map((row) => [row.name, row.amount_minor]))).toEqual(fileLevel);
    expect(computed.body.statement.total_minor).toBe(10_007);
  });
});
