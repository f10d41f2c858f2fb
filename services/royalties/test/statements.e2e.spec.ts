import { Messages } from '@sv/contracts';
import { royaltiesDb, type RoyaltiesDb } from './support/ledger-db.ts';
import { seedRelease, useRoyaltiesWorld, type SeededRelease } from './support/royalties-world.ts';

/*
 * File-level royalty statements through the gateway: create, lines matched against the catalogue,
 * the per-artist summary, approve and pay posting to the double-entry ledger, the balance each payee
 * sees, and withdrawals from it.
 */

const world = useRoyaltiesWorld();
let db: RoyaltiesDb;
let novaRelease: SeededRelease;
let orbitRelease: SeededRelease;

beforeAll(async () => {
  db = royaltiesDb(world.platform.db.url);
  novaRelease = await seedRelease(world.a.artist, 2);
  orbitRelease = await seedRelease(world.a.otherArtist, 1);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const line = (overrides: Record<string, unknown>) => ({
  dsp_name: 'Spotify',
  track_title: 'Track',
  artist_name: 'Nova',
  period: '2026-11',
  isrc: null,
  upc: null,
  revenue: 0,
  ...overrides,
});

const createStatement = async (body: Record<string, unknown> = { period: '2026-11' }) => {
  const response = await world.a.owner('/v1/royalties', { body });
  expect(response.status).toBe(201);
  return response.body.statement as { uuid: string; status: string };
};

const balanceOf = async (api: typeof world.a.owner) => {
  const response = await api('/v1/royalties/balance');
  expect(response.status).toBe(200);
  return response.body.balance as { available_usd: string; pending_usd: string; currency: string; last_updated: string };
};

describe('a statement from report to withdrawal', () => {
  let statementId: string;

  it('creates a processing statement (USD by default) and records its event', async () => {
    const created = await world.a.owner('/v1/royalties', { body: { period: '2026-11', filename: 'spotify-2026-11.csv' } });
    expect(created.status).toBe(201);
    expect(created.body.statement).toMatchObject({
      period: '2026-11',
      currency: 'USD',
      filename: 'spotify-2026-11.csv',
      status: 'processing',
      total_revenue: 0,
      line_count: 0,
      unmatched_count: 0,
      line_items: [],
    });
    statementId = created.body.statement.uuid;
    expect(await db.eventsOf(statementId)).toEqual(['royalty.statement.created']);
  });

  it('matches lines by ISRC, by UPC only, or not at all, and completes the statement', async () => {
    const [novaOne, novaTwo] = novaRelease.tracks;
    const response = await world.a.owner(`/v1/royalties/${statementId}/line-items`, {
      body: {
        line_items: [
          line({ track_title: novaOne!.title, isrc: novaOne!.isrc, upc: orbitRelease.upc, revenue: 30.005 }),
          // A store's adjustment, with the ISRC in lower case.
          line({ track_title: novaTwo!.title, isrc: novaTwo!.isrc.toLowerCase(), revenue: -0.5 }),
          line({ artist_name: 'Orbit', dsp_name: 'Deezer', upc: orbitRelease.upc, revenue: 40.005 }),
          line({ artist_name: 'Unknown Band', isrc: 'ZZX000000001', upc: '000000000000', revenue: 0.004 }),
        ],
      },
    });
    expect(response.status).toBe(200);
    const { statement } = response.body;
    expect(statement).toMatchObject({ uuid: statementId, status: 'completed', total_revenue: 69.514, line_count: 4, unmatched_count: 1 });
    expect(
      statement.line_items.map((item: Record<string, unknown>) => [item.matched, item.track_id, item.release_id, item.artist_id, item.revenue]),
    ).toEqual([
      ['track', novaOne!.id, novaRelease.id, world.a.artistId, 30.005],
      ['track', novaTwo!.id, novaRelease.id, world.a.artistId, -0.5],
      ['release', null, orbitRelease.id, world.a.otherArtistId, 40.005],
      [null, null, null, null, 0.004],
    ]);
    expect(statement.line_items[1].isrc).toBe(novaTwo!.isrc);

    const read = await world.a.owner(`/v1/royalties/${statementId}`);
    expect(read.status).toBe(200);
    expect(read.body.statement).toEqual(statement);
    expect(await db.eventsOf(statementId)).toEqual(['royalty.statement.created', 'royalty.statement.completed']);
  });

  it('sums per artist, largest first', async () => {
    const response = await world.a.owner(`/v1/royalties/summary/${statementId}`);
    expect(response.status).toBe(200);
    expect(response.body.summary).toMatchObject({ statement_id: statementId, period: '2026-11', currency: 'USD', total_revenue: 69.514 });
    expect(response.body.summary.artists).toEqual([
      { artist_id: world.a.otherArtistId, artist_name: 'Orbit', total_revenue: 40.005, line_count: 1 },
      { artist_id: world.a.artistId, artist_name: 'Nova', total_revenue: 29.505, line_count: 2 },
      { artist_id: null, artist_name: 'Unknown Band', total_revenue: 0.004, line_count: 1 },
    ]);
  });

  it('approves: each payee\'s share pending, the statement\'s rounded total apportioned by the largest remainder', async () => {
    const approved = await world.a.owner(`/v1/royalties/${statementId}/approve`, { method: 'POST' });
    expect(approved.status).toBe(200);
    expect(approved.body.statement).toMatchObject({ status: 'approved', approved_at: expect.any(String), paid_at: null });
    expect(approved.body.statement.line_items).toHaveLength(4);

    // 69.514 rounds to 69.51. Cut to cents, Nova's 29.505 and Orbit's 40.005 each lose half a cent
    // and the tenant's unmatched 0.004 less; the cent left goes to the larger of the two halves, Orbit's.
    const artists = [
      ['payee_pending', 'artist', world.a.artistId, 2950],
      ['payee_pending', 'artist', world.a.otherArtistId, 4001],
    ].sort((a, b) => String(a[2]).localeCompare(String(b[2])));
    expect(await db.entriesOf('statement_approval', statementId)).toEqual([...artists, ['royalty_income', 'tenant', null, -6951]]);
    expect(await db.unbalancedJournals()).toEqual([]);
    expect(await balanceOf(world.a.artist)).toMatchObject({ available_usd: '0.00', pending_usd: '29.50', currency: 'USD' });
    expect(await balanceOf(world.a.otherArtist)).toMatchObject({ available_usd: '0.00', pending_usd: '40.01' });
    expect(await balanceOf(world.a.owner)).toMatchObject({ available_usd: '0.00', pending_usd: '0.00' });
    // Every member of the tenant who is not artist-scoped sees the tenant's own balance.
    expect(await balanceOf(world.a.team)).toMatchObject({ available_usd: '0.00', pending_usd: '0.00' });
  });

  it('pays: every payee\'s pending becomes available, in one journal', async () => {
    const paid = await world.a.owner(`/v1/royalties/${statementId}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    expect(paid.body.statement).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    expect(await db.journalsOf('statement_payment', statementId)).toBe(1);
    expect(await db.unbalancedJournals()).toEqual([]);
    const nova = await balanceOf(world.a.artist);
    expect(nova).toMatchObject({ available_usd: '29.50', pending_usd: '0.00' });
    expect(Date.now() - new Date(nova.last_updated).getTime()).toBeLessThan(60_000);
    expect(await balanceOf(world.a.otherArtist)).toMatchObject({ available_usd: '40.01', pending_usd: '0.00' });
    expect(await balanceOf(world.a.owner)).toMatchObject({ available_usd: '0.00', pending_usd: '0.00' });
    expect(await db.eventsOf(statementId)).toEqual([
      'royalty.statement.created',
      'royalty.statement.completed',
      'royalty.statement.approved',
      'royalty.statement.paid',
    ]);
    expect(await db.allPublished()).toBe(true);
  });

  it('withdraws from the available balance: pending, with an arrival three business days out', async () => {
    const response = await world.a.otherArtist('/v1/royalties/withdrawals', { body: { amount_usd: 15, note: 'November' } });
    expect(response.status).toBe(201);
    expect(response.body.withdrawal).toEqual({
      id: expect.any(String),
      amount_usd: '15.00',
      status: 'pending',
      estimated_arrival: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      created_at: expect.any(String),
    });
    const arrival = new Date(`${response.body.withdrawal.estimated_arrival}T00:00:00Z`);
    expect(arrival.getUTCDay()).not.toBe(0);
    expect(arrival.getUTCDay()).not.toBe(6);
    expect(await balanceOf(world.a.otherArtist)).toMatchObject({ available_usd: '25.01', pending_usd: '0.00' });
    expect(await db.entriesOf('withdrawal', response.body.withdrawal.id)).toEqual([
      ['payee_available', 'artist', world.a.otherArtistId, -1500],
      ['payee_withdrawing', 'artist', world.a.otherArtistId, 1500],
    ]);
    expect(await db.eventsOf(response.body.withdrawal.id)).toEqual(['royalty.withdrawal.requested']);
  });

  it('refuses a withdrawal under 10.00, with more than two decimals, or above the available balance (422 on amount_usd)', async () => {
    for (const amount_usd of [9.99, 10.001]) {
      const response = await world.a.otherArtist('/v1/royalties/withdrawals', { body: { amount_usd } });
      expect([amount_usd, response.status, Object.keys(response.body.errors ?? {})]).toEqual([amount_usd, 422, ['amount_usd']]);
    }
    const above = await world.a.otherArtist('/v1/royalties/withdrawals', { body: { amount_usd: 25.02 } });
    expect(above.status).toBe(422);
    expect(above.body.errors.amount_usd).toEqual([Messages.withdrawalAboveAvailable('25.01')]);
    // The tenant has nothing available.
    expect((await world.a.owner('/v1/royalties/withdrawals', { body: { amount_usd: 10 } })).status).toBe(422);
    expect(await balanceOf(world.a.otherArtist)).toMatchObject({ available_usd: '25.01' });
  });

  it('lets exactly one of two concurrent withdrawals of the whole balance through', async () => {
    const responses = await Promise.all([1, 2].map(() => world.a.otherArtist('/v1/royalties/withdrawals', { body: { amount_usd: 25.01 } })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 422]);
    expect(await balanceOf(world.a.otherArtist)).toMatchObject({ available_usd: '0.00' });
    expect(await db.unbalancedJournals()).toEqual([]);
  });

  it('answers a replayed Idempotency-Key with the same withdrawal, posted once', async () => {
    const headers = { 'Idempotency-Key': `withdraw-${statementId}` };
    const first = await world.a.artist('/v1/royalties/withdrawals', { body: { amount_usd: 12.34 }, headers });
    const replay = await world.a.artist('/v1/royalties/withdrawals', { body: { amount_usd: 12.34 }, headers });
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.body.withdrawal).toEqual(first.body.withdrawal);
    const rows = await db.query<{ count: string }>(`select count(*) as "count" from "royalties"."withdrawal" where "payee_id" = $1`, [world.a.artistId]);
    expect(Number(rows[0]!.count)).toBe(1);
    expect(await balanceOf(world.a.artist)).toMatchObject({ available_usd: '17.16', pending_usd: '0.00' });
  });
});

describe('the ledger in the database', () => {
  it('refuses at commit a journal that does not sum to zero, and any edit or removal of an entry', async () => {
    const insert = (journalId: string, amounts: number[]) =>
      db.query(
        `insert into "royalties"."ledger_entry" ("id", "tenant_id", "journal_id", "account", "payee_type", "payee_id", "currency", "amount_minor", "cause_type", "cause_id", "created_at")
         select gen_random_uuid(), gen_random_uuid(), $1::uuid, 'payee_pending', 'tenant', null, 'USD', amount, 'test', gen_random_uuid(), now()
           from unnest($2::bigint[]) as amount`,
        [journalId, amounts],
      );
    await expect(insert('10000000-0000-4000-8000-000000000001', [100, -99])).rejects.toThrow(/does not sum to zero/);
    await insert('10000000-0000-4000-8000-000000000002', [100, -100]);
    await expect(db.query(`update "royalties"."ledger_entry" set "amount_minor" = 0 where "journal_id" = '10000000-0000-4000-8000-000000000002'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query(`delete from "royalties"."ledger_entry" where "journal_id" = '10000000-0000-4000-8000-000000000002'`)).rejects.toThrow(/append-only/);
    expect(await db.unbalancedJournals()).toEqual([]);
  });
});

describe('state rules', () => {
  it('refuses approve and pay in the wrong state (409) and lines once approved', async () => {
    const statement = await createStatement();
    const approveEarly = await world.a.owner(`/v1/royalties/${statement.uuid}/approve`, { method: 'POST' });
    expect([approveEarly.status, approveEarly.body.error]).toEqual([409, Messages.onlyCompletedStatementsApprove]);
    const payEarly = await world.a.owner(`/v1/royalties/${statement.uuid}/pay`, { method: 'POST' });
    expect([payEarly.status, payEarly.body.error]).toEqual([409, Messages.onlyApprovedStatementsPay]);

    // Lines may come in more than one call while the statement is open.
    for (const revenue of [1.11, 2.22]) {
      expect((await world.a.owner(`/v1/royalties/${statement.uuid}/line-items`, { body: { line_items: [line({ revenue })] } })).status).toBe(200);
    }
    // Two approvals at once: one wins, the other sees it approved; the ledger is posted once.
    const approvals = await Promise.all([1, 2].map(() => world.a.owner(`/v1/royalties/${statement.uuid}/approve`, { method: 'POST' })));
    expect(approvals.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await db.journalsOf('statement_approval', statement.uuid)).toBe(1);
    expect(await db.entriesOf('statement_approval', statement.uuid)).toEqual([
      ['payee_pending', 'tenant', null, 333],
      ['royalty_income', 'tenant', null, -333],
    ]);

    const late = await world.a.owner(`/v1/royalties/${statement.uuid}/line-items`, { body: { line_items: [line({ revenue: 1 })] } });
    expect([late.status, late.body.error]).toEqual([409, Messages.statementLinesLocked('approved')]);
    expect((await world.a.owner(`/v1/royalties/${statement.uuid}/pay`, { method: 'POST' })).status).toBe(200);
    const paidTwice = await world.a.owner(`/v1/royalties/${statement.uuid}/pay`, { method: 'POST' });
    expect([paidTwice.status, paidTwice.body.error]).toEqual([409, Messages.onlyApprovedStatementsPay]);
    expect((await world.a.owner(`/v1/royalties/${statement.uuid}/line-items`, { body: { line_items: [line({ revenue: 1 })] } })).status).toBe(409);
  });

  it('stores no line of a batch with a revenue of more than six decimals (422 on the field)', async () => {
    const statement = await createStatement();
    const response = await world.a.owner(`/v1/royalties/${statement.uuid}/line-items`, {
      body: { line_items: [line({ revenue: 1.5 }), line({ revenue: 0.1234567 })] },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ 'line_items.1.revenue': [Messages.revenueDecimals] });
    expect((await world.a.owner(`/v1/royalties/${statement.uuid}`)).body.statement).toMatchObject({ status: 'processing', line_count: 0 });
  });

  it('refuses a period that is not YYYY-MM (422)', async () => {
    const response = await world.a.owner('/v1/royalties', { body: { period: '2026-13' } });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['period']);
  });
});

describe('visibility and permissions', () => {
  it('hides a statement from another tenant (404 Statement not found.)', async () => {
    const statement = await createStatement();
    for (const [path, method] of [
      [`/v1/royalties/${statement.uuid}`, 'GET'],
      [`/v1/royalties/summary/${statement.uuid}`, 'GET'],
      [`/v1/royalties/${statement.uuid}/approve`, 'POST'],
      [`/v1/royalties/${statement.uuid}/pay`, 'POST'],
    ] as const) {
      const response = await world.b.owner(path, { method });
      expect([path, response.status, response.body.error]).toEqual([path, 404, Messages.statementNotFound]);
    }
    const lines = await world.b.owner(`/v1/royalties/${statement.uuid}/line-items`, { body: { line_items: [line({ revenue: 1 })] } });
    expect([lines.status, lines.body.error]).toEqual([404, Messages.statementNotFound]);
    expect((await world.b.owner('/v1/royalties')).body.statements).toEqual([]);
    expect((await world.a.owner('/v1/royalties/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('needs finance.manage to create, add lines and read; royalties.approve and royalties.pay to move (403)', async () => {
    const statement = await createStatement();
    for (const api of [world.a.team, world.a.artist]) {
      expect((await api('/v1/royalties', { body: { period: '2026-11' } })).status).toBe(403);
      expect((await api('/v1/royalties')).status).toBe(403);
      expect((await api(`/v1/royalties/${statement.uuid}`)).status).toBe(403);
      expect((await api(`/v1/royalties/${statement.uuid}/line-items`, { body: { line_items: [line({ revenue: 1 })] } })).status).toBe(403);
      expect((await api(`/v1/royalties/${statement.uuid}/approve`, { method: 'POST' })).status).toBe(403);
      expect((await api(`/v1/royalties/${statement.uuid}/pay`, { method: 'POST' })).status).toBe(403);
    }
  });

  it('lists the tenant\'s statements newest first, paginated', async () => {
    const page = await world.a.owner('/v1/royalties?per_page=2');
    expect(page.status).toBe(200);
    expect(page.body.statements).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(5);
    const [newer, older] = page.body.statements as { created_at: string }[];
    expect(newer!.created_at >= older!.created_at).toBe(true);
    expect(page.body.meta).toEqual(expect.any(Object));
    const second = await world.a.owner('/v1/royalties?per_page=2&page=2');
    expect(second.body.statements[0].created_at <= older!.created_at).toBe(true);
  });
});
