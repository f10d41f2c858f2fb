import { pdfText } from './support/pdf-text.ts';
import { Messages } from '@sv/contracts';
import { freePort, seedRelease, useRoyaltiesWorld, type SeededRelease } from './support/royalties-world.ts';

/*
 * GET /royalties/statements and /royalties/statements/{id}: one statement per calendar month for the
 * caller (an artist its own, the workspace the lines tied to no artist), newest first, with the
 * breakdown and a real PDF served by the CDN through a signed, expiring link.
 */

let cdnUrl: string;
const world = useRoyaltiesWorld(async () => {
  const port = await freePort();
  cdnUrl = `http://127.0.0.1:${port}`;
  return { SV_CDN_URL: cdnUrl, SV_CDN_PORT: String(port) };
});
let release: SeededRelease;

const line = (overrides: Record<string, unknown>) => ({ dsp_name: 'Spotify', track_title: 'Track', artist_name: 'Nova', period: '2026-10', revenue: 0, ...overrides });

/** A report for `period` with `lines`, approved (and paid when asked) by the owner. */
const approvedReport = async (period: string, lines: Record<string, unknown>[], pay = false): Promise<void> => {
  const created = await world.a.owner('/v1/royalties', { body: { period } });
  const id = created.body.statement.uuid as string;
  expect((await world.a.owner(`/v1/royalties/${id}/line-items`, { body: { line_items: lines } })).status).toBe(200);
  expect((await world.a.owner(`/v1/royalties/${id}/approve`, { method: 'POST' })).status).toBe(200);
  if (pay) expect((await world.a.owner(`/v1/royalties/${id}/pay`, { method: 'POST' })).status).toBe(200);
};

beforeAll(async () => {
  release = await seedRelease(world.a.artist, 2);
  const [one, two] = release.tracks;
  await approvedReport(
    '2026-09',
    [line({ period: '2026-09', isrc: one!.isrc, revenue: 4.2, streams: 1200 })],
    true,
  );
  await approvedReport('2026-10', [
    line({ isrc: one!.isrc, revenue: 12.345678, streams: 3000 }),
    line({ isrc: two!.isrc, revenue: 2.5, streams: 700 }),
    line({ dsp_name: 'Apple Music', isrc: one!.isrc, revenue: 3.004, streams: 400 }),
    line({ artist_name: 'Someone else', track_title: 'Stray', isrc: 'ZZX000000009', revenue: 1.016, streams: 50 }),
  ]);
  // A report still in review counts nowhere.
  const pending = await world.a.owner('/v1/royalties', { body: { period: '2026-11' } });
  await world.a.owner(`/v1/royalties/${pending.body.statement.uuid}/line-items`, { body: { line_items: [line({ period: '2026-11', isrc: one!.isrc, revenue: 99 })] } });
}, 90_000);

describe('monthly statements', () => {
  it("lists the artist's months with earnings, newest first, with what the ledger credited and the status", async () => {
    const response = await world.a.artist('/v1/royalties/statements');
    expect(response.status).toBe(200);
    expect(response.body.statements).toEqual([
      // 12.345678 + 2.5 + 3.004 = 17.849678: 17.85, as the approval credited it (see the workspace's below).
      { id: '2026-10', period: '2026-10', total_usd: '17.85', status: 'approved', created_at: expect.any(String) },
      { id: '2026-09', period: '2026-09', total_usd: '4.20', status: 'paid', created_at: expect.any(String) },
    ]);
    // Another artist of the workspace has none; the workspace's own statement holds the stray line and the remainder.
    expect((await world.a.otherArtist('/v1/royalties/statements')).body.statements).toEqual([]);
    const workspace = (await world.a.owner('/v1/royalties/statements')).body.statements;
    // 18.865678 rounds to 18.87; cut to cents, the artist's 17.849678 loses .9678 of a cent and the
    // unmatched 1.016 loses .6: the two cents left go one each, so the workspace's is 1.02.
    expect(workspace).toEqual([{ id: '2026-10', period: '2026-10', total_usd: '1.02', status: 'approved', created_at: expect.any(String) }]);
  });

  it('details a month: its breakdown by release and store, and a PDF link only the payee gets', async () => {
    const response = await world.a.artist('/v1/royalties/statements/2026-10');
    expect(response.status).toBe(200);
    const { statement } = response.body;
    expect(statement).toMatchObject({ id: '2026-10', total_usd: '17.85', status: 'approved' });
    expect(statement.breakdown).toEqual([
      { release_title: release.title, dsp: 'Spotify', streams: 3700, revenue_usd: '14.85' },
      { release_title: release.title, dsp: 'Apple Music', streams: 400, revenue_usd: '3.00' },
    ]);
    expect(statement.pdf_url).toMatch(new RegExp(`^${cdnUrl}/private/`));

    const pdf = await fetch(statement.pdf_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of ['Royalty statement', 'Royalties A', 'Payee: Nova', 'October 2026', '17.85 USD', release.title, 'Apple Music', '3,700', '14.85']) {
      expect(text).toContain(expected);
    }
    // The link is signed: without its signature the CDN refuses the same file.
    expect((await fetch(statement.pdf_url.split('?')[0])).status).toBeGreaterThanOrEqual(400);
    // Asked again, the same content is the same stored document.
    const again = (await world.a.artist('/v1/royalties/statements/2026-10')).body.statement.pdf_url as string;
    expect(again.split('?')[0]).toBe(statement.pdf_url.split('?')[0]);
  });

  it("answers 404 for a month without earnings, a malformed id, and another tenant's caller", async () => {
    for (const id of ['2026-11', '2026-13', 'latest']) {
      const response = await world.a.artist(`/v1/royalties/statements/${id}`);
      expect([id, response.status, response.body.error]).toEqual([id, 404, Messages.statementNotFound]);
    }
    expect((await world.b.artist('/v1/royalties/statements/2026-10')).status).toBe(404);
    expect((await world.b.owner('/v1/royalties/statements')).body.statements).toEqual([]);
  });
});

describe('monthly statements of a split track', () => {
  let split: SeededRelease;
  let orbitRelease: SeededRelease;
  const putSplit = async (trackId: string, splits: Record<string, unknown>[]): Promise<void> => {
    const response = await world.a.owner(`/v1/tracks/${trackId}/splits`, { method: 'PUT', body: { splits } });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    split = await seedRelease(world.a.artist, 2);
    orbitRelease = await seedRelease(world.a.otherArtist, 1);
    const [shared, novaOnly] = split.tracks;
    await putSplit(shared!.id, [
      { name: 'Nova', artist_id: world.a.artistId, percentage: 33.33 },
      { name: 'Orbit', artist_id: world.a.otherArtistId, percentage: 33.33 },
      { name: 'Player', email: 'player@example.com', percentage: 33.34 },
    ]);
    await approvedReport('2027-01', [
      line({ period: '2027-01', isrc: shared!.isrc, revenue: 100.07, streams: 1000 }),
      line({ period: '2027-01', dsp_name: 'Apple Music', isrc: shared!.isrc, revenue: 10.010001, streams: 200 }),
      line({ period: '2027-01', isrc: novaOnly!.isrc, revenue: 2.5, streams: 100 }),
      line({ period: '2027-01', artist_name: 'Orbit', isrc: orbitRelease.tracks[0]!.isrc, revenue: 5.005, streams: 300 }),
      line({ period: '2027-01', artist_name: 'Someone else', track_title: 'Stray', isrc: 'ZZX000000010', revenue: 0.5, streams: 10 }),
    ]);
  }, 90_000);

  const month = async (caller: typeof world.a.artist, period: string) => (await caller(`/v1/royalties/statements/${period}`)).body.statement;
  const breakdownCents = (statement: { breakdown: { revenue_usd: string }[] }): number =>
    statement.breakdown.reduce((sum, row) => sum + Math.round(Number(row.revenue_usd) * 100), 0);

  /*
   * The split track made 110.080001: Nova and Orbit 36.689664 each, Player 36.700673 (the one
   * micro-unit left goes to the share that lost the most). Nova's part of the 100.07 Spotify line is
   * exactly 33.353331, so 3.336333 of the Apple Music line. Nova adds its unsplit 2.50, Orbit its own 5.005.
   */
  const novaBreakdown = () => [
    { release_title: split.title, dsp: 'Spotify', streams: 1100, revenue_usd: '35.85' },
    { release_title: split.title, dsp: 'Apple Music', streams: 200, revenue_usd: '3.34' },
  ];
  const orbitBreakdown = () => [
    // Orbit has a share of the split track, so it sees that track's streams, not the unsplit one's.
    { release_title: split.title, dsp: 'Spotify', streams: 1000, revenue_usd: '33.35' },
    { release_title: orbitRelease.title, dsp: 'Spotify', streams: 300, revenue_usd: '5.01' },
    { release_title: split.title, dsp: 'Apple Music', streams: 200, revenue_usd: '3.34' },
  ];

  it('shows each artist its share of the split line and the whole of its unsplit lines, summing to what the ledger credited', async () => {
    const nova = await month(world.a.artist, '2027-01');
    const orbit = await month(world.a.otherArtist, '2027-01');
    expect(nova.breakdown).toEqual(novaBreakdown());
    expect(orbit.breakdown).toEqual(orbitBreakdown());
    // 39.189664 and 41.694664 in micro-units: the approval rounded both up to whole cents.
    expect([nova.total_usd, orbit.total_usd]).toEqual(['39.19', '41.70']);
    expect(breakdownCents(nova)).toBe(Math.round(Number(nova.total_usd) * 100));
    expect(breakdownCents(orbit)).toBe(Math.round(Number(orbit.total_usd) * 100));
    // The workspace's is the line tied to no artist, nothing of the split.
    const workspace = await month(world.a.owner, '2027-01');
    expect([workspace.total_usd, workspace.breakdown]).toEqual(['0.50', [{ release_title: 'Stray', dsp: 'Spotify', streams: 10, revenue_usd: '0.50' }]]);
  });

  it("puts the split's share in the statement PDF", async () => {
    const orbit = await month(world.a.otherArtist, '2027-01');
    const text = await pdfText(Buffer.from(await (await fetch(orbit.pdf_url)).arrayBuffer()));
    for (const expected of ['Payee: Orbit', 'January 2027', '41.70 USD', split.title, orbitRelease.title, '33.35', '5.01', '3.34']) {
      expect(text).toContain(expected);
    }
  });

  it('keeps an approved month on the split its approval applied when the split is replaced later', async () => {
    const [shared] = split.tracks;
    await putSplit(shared!.id, [{ name: 'Nova', artist_id: world.a.artistId, percentage: 100 }]);
    expect((await month(world.a.artist, '2027-01')).breakdown).toEqual(novaBreakdown());
    expect((await month(world.a.otherArtist, '2027-01')).breakdown).toEqual(orbitBreakdown());
    // A report approved after the change is paid, and shown, by the new split.
    await approvedReport('2027-02', [line({ period: '2027-02', isrc: shared!.isrc, revenue: 1, streams: 40 })]);
    expect((await month(world.a.artist, '2027-02')).breakdown).toEqual([{ release_title: split.title, dsp: 'Spotify', streams: 40, revenue_usd: '1.00' }]);
    expect((await world.a.otherArtist('/v1/royalties/statements/2027-02')).status).toBe(404);
  });
});
