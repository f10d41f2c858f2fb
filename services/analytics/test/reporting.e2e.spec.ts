import { Messages, PERIOD_LABEL_MESSAGE, SNAPSHOT_REVENUE_MESSAGE } from '@sv/contracts';
import { eventually, snapshot, useReportingWorld, type Api } from './support/reporting-world.ts';

/*
 * The first analytics family through the gateway: stream counts ingested per release, store,
 * territory and period; the overview, by-release, by-territory, by-dsp, time-series and artist
 * reads over them; and royalty statements' revenue, copied when a statement completes.
 */

const world = useReportingWorld();

/** March and April 2025: the figures the reads below are checked against. */
const RANGE = 'from=2025-03-01&to=2025-04-30';

const ingest = (api: Api, snapshots: unknown[]) => api('/v1/analytics/ingest', { body: { snapshots } });

const read = async (api: Api, path: string) => {
  const response = await api(`/v1/analytics/${path}`);
  expect([path, response.status]).toEqual([path, 200]);
  return response.body;
};

const day = (offsetDays: number, from = Date.now()): string => new Date(from + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const { novaRelease, orbitRelease } = world.a;
  const response = await ingest(world.a.owner, [
    snapshot(novaRelease.id, 'Spotify', 'GB', '2025-03', 1000),
    snapshot(novaRelease.id, 'Spotify', 'us', '2025-03-15', 500),
    snapshot(novaRelease.id, 'Apple Music', 'US', '2025-W12', 300),
    snapshot(orbitRelease.id, 'Spotify', 'DE', '2025-Q2', 200),
    snapshot(orbitRelease.id, 'Deezer', 'FR', '2025-04', 50),
  ]);
  expect([response.status, response.body]).toEqual([200, { success: true, data: { ingested: 5 } }]);
}, 60_000);

describe('the reads over ingested counts', () => {
  it('sums the overview: total streams, no revenue yet, and the top release, store and territory', async () => {
    expect(await read(world.a.owner, `overview?${RANGE}`)).toEqual({
      success: true,
      data: {
        from: '2025-03-01',
        to: '2025-04-30',
        total_streams: 2050,
        total_revenue_usd: '0.00',
        top_release: { uuid: world.a.novaRelease.id, title: world.a.novaRelease.title, streams: 1800 },
        top_dsp: 'Spotify',
        top_territory: 'GB',
      },
    });
  });

  it('groups by release, by store and by territory (with the country name), most streamed first', async () => {
    expect(await read(world.a.owner, `by-release?${RANGE}`)).toEqual({
      success: true,
      data: [
        { release_uuid: world.a.novaRelease.id, title: world.a.novaRelease.title, streams: 1800 },
        { release_uuid: world.a.orbitRelease.id, title: world.a.orbitRelease.title, streams: 250 },
      ],
    });
    expect(await read(world.a.owner, `by-dsp?${RANGE}`)).toEqual({
      success: true,
      data: [
        { dsp: 'Spotify', streams: 1700 },
        { dsp: 'Apple Music', streams: 300 },
        { dsp: 'Deezer', streams: 50 },
      ],
    });
    expect(await read(world.a.owner, `by-territory?${RANGE}`)).toEqual({
      success: true,
      data: [
        { territory: 'GB', country_name: 'United Kingdom', streams: 1000 },
        { territory: 'US', country_name: 'United States', streams: 800 },
        { territory: 'DE', country_name: 'Germany', streams: 200 },
        { territory: 'FR', country_name: 'France', streams: 50 },
      ],
    });
    expect((await read(world.a.owner, `by-territory?${RANGE}&release_uuid=${world.a.orbitRelease.id}`)).data).toEqual([
      { territory: 'DE', country_name: 'Germany', streams: 200 },
      { territory: 'FR', country_name: 'France', streams: 50 },
    ]);
  });

  it('lists streams per month of the range (empty months as zero), for all releases or one', async () => {
    expect(await read(world.a.owner, 'time-series?from=2025-02-10&to=2025-05-01')).toEqual({
      success: true,
      data: {
        time_series: [
          { period: '2025-02', streams: 0 },
          { period: '2025-03', streams: 1800 },
          { period: '2025-04', streams: 250 },
          { period: '2025-05', streams: 0 },
        ],
      },
    });
    expect((await read(world.a.owner, `time-series?${RANGE}&release_uuid=${world.a.novaRelease.id}`)).data.time_series).toEqual([
      { period: '2025-03', streams: 1800 },
      { period: '2025-04', streams: 0 },
    ]);
  });

  it('counts a figure by the first day of its period: a range leaving it out leaves its streams out', async () => {
    // 2025-W12 starts on Monday 17 March; 2025-Q2 and 2025-04 on 1 April.
    const march = await read(world.a.owner, 'overview?from=2025-03-16&to=2025-03-31');
    expect(march.data).toMatchObject({ total_streams: 300, top_dsp: 'Apple Music', top_territory: 'US' });
  });

  it("reports one artist's streams and revenue, and shows an artist key only its own artist's releases", async () => {
    expect(await read(world.a.owner, `artist/${world.a.novaId}?${RANGE}`)).toEqual({
      success: true,
      artist: { uuid: world.a.novaId, name: 'Nova' },
      period: { from: '2025-03-01', to: '2025-04-30' },
      data: { streams: 1800, revenue: '0.00' },
    });
    expect((await read(world.a.orbit, `artist/${world.a.orbitId}?${RANGE}`)).data).toEqual({ streams: 250, revenue: '0.00' });

    expect((await read(world.a.nova, `by-release?${RANGE}`)).data).toEqual([
      { release_uuid: world.a.novaRelease.id, title: world.a.novaRelease.title, streams: 1800 },
    ]);
    expect((await read(world.a.nova, `overview?${RANGE}`)).data).toMatchObject({ total_streams: 1800, top_territory: 'GB' });
    expect((await read(world.a.orbit, `by-dsp?${RANGE}`)).data).toEqual([
      { dsp: 'Spotify', streams: 200 },
      { dsp: 'Deezer', streams: 50 },
    ]);
  });

  it('answers 404 for another artist to an artist key, and for an artist the workspace does not have', async () => {
    const notFound = { success: false, error: Messages.artistNotFound };
    for (const [api, artistId] of [
      [world.a.nova, world.a.orbitId],
      [world.a.owner, world.b.beeId],
      [world.a.owner, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await api(`/v1/analytics/artist/${artistId}?${RANGE}`);
      expect([artistId, response.status, response.body]).toEqual([artistId, 404, expect.objectContaining(notFound)]);
    }
  });

  it('refuses a range whose from is after its to, naming from', async () => {
    for (const path of ['overview', 'by-release', 'by-territory', 'by-dsp', 'time-series', `artist/${world.a.novaId}`]) {
      const response = await world.a.owner(`/v1/analytics/${path}?from=2025-05-01&to=2025-04-30`);
      expect([path, response.status, Object.keys(response.body.errors ?? {})]).toEqual([path, 422, ['from']]);
    }
  });
});

describe('ranges that start and end mid-month', () => {
  it('count the edge days and the whole months between them once each, as a figure by figure sum would', async () => {
    const { novaRelease, orbitRelease } = world.a;
    const response = await ingest(world.a.owner, [
      snapshot(novaRelease.id, 'Spotify', 'GB', '2023-01-14', 1),
      snapshot(novaRelease.id, 'Spotify', 'GB', '2023-01-15', 10),
      snapshot(orbitRelease.id, 'Deezer', 'FR', '2023-01-31', 20),
      snapshot(novaRelease.id, 'Spotify', 'US', '2023-02', 100),
      // 2023-W09 starts on Monday 27 February.
      snapshot(orbitRelease.id, 'Deezer', 'DE', '2023-W09', 200),
      snapshot(novaRelease.id, 'Apple Music', 'GB', '2023-03-31', 400),
      snapshot(orbitRelease.id, 'Spotify', 'FR', '2023-04-01', 1000),
      snapshot(orbitRelease.id, 'Tidal', 'SE', '2023-Q2', 30),
      snapshot(novaRelease.id, 'Spotify', 'US', '2023-04-10', 2000),
      snapshot(novaRelease.id, 'Spotify', 'US', '2023-04-11', 5000),
    ]);
    expect(response.status).toBe(200);

    // 15 January to 10 April: edge days in January and April, February and March whole.
    const range = 'from=2023-01-15&to=2023-04-10';
    expect((await read(world.a.owner, `overview?${range}`)).data).toEqual({
      from: '2023-01-15',
      to: '2023-04-10',
      total_streams: 3760,
      total_revenue_usd: '0.00',
      top_release: { uuid: novaRelease.id, title: novaRelease.title, streams: 2510 },
      top_dsp: 'Spotify',
      top_territory: 'US',
    });
    expect((await read(world.a.owner, `time-series?${range}`)).data.time_series).toEqual([
      { period: '2023-01', streams: 30 },
      { period: '2023-02', streams: 300 },
      { period: '2023-03', streams: 400 },
      { period: '2023-04', streams: 3030 },
    ]);
    expect((await read(world.a.owner, `time-series?${range}&release_uuid=${novaRelease.id}`)).data.time_series).toEqual([
      { period: '2023-01', streams: 10 },
      { period: '2023-02', streams: 100 },
      { period: '2023-03', streams: 400 },
      { period: '2023-04', streams: 2000 },
    ]);
    expect((await read(world.a.owner, `by-territory?${range}&release_uuid=${orbitRelease.id}`)).data).toEqual([
      { territory: 'FR', country_name: 'France', streams: 1020 },
      { territory: 'DE', country_name: 'Germany', streams: 200 },
      { territory: 'SE', country_name: 'Sweden', streams: 30 },
    ]);
    expect((await read(world.a.nova, `overview?${range}`)).data).toMatchObject({ total_streams: 2510, top_dsp: 'Spotify', top_territory: 'US' });

    // No whole month: across one month edge, from edge days only.
    expect((await read(world.a.owner, 'overview?from=2023-01-20&to=2023-02-27')).data).toMatchObject({ total_streams: 320, top_territory: 'DE' });
    expect((await read(world.a.owner, 'time-series?from=2023-01-20&to=2023-02-27')).data.time_series).toEqual([
      { period: '2023-01', streams: 20 },
      { period: '2023-02', streams: 300 },
    ]);
  });
});

describe('the default range', () => {
  it('is the 30 days up to today (UTC), or up to the given to', async () => {
    const now = Date.now();
    const response = await ingest(world.a.owner, [
      snapshot(world.a.novaRelease.id, 'Tidal', 'SE', day(0, now), 7),
      snapshot(world.a.novaRelease.id, 'Tidal', 'SE', day(-1, now), 5),
      snapshot(world.a.novaRelease.id, 'Tidal', 'SE', day(-45, now), 1000),
    ]);
    expect(response.status).toBe(200);

    const overview = (await read(world.a.owner, 'overview')).data;
    // Today as the service saw it (the test may straddle midnight UTC).
    expect([day(0, now), day(1, now)]).toContain(overview.to);
    expect(overview.from).toBe(day(-30, Date.parse(`${overview.to}T00:00:00Z`)));
    expect(overview).toMatchObject({ total_streams: 12, top_dsp: 'Tidal', top_territory: 'SE' });

    expect((await read(world.a.owner, 'by-dsp?to=2025-04-30')).data).toEqual([
      { dsp: 'Spotify', streams: 200 },
      { dsp: 'Deezer', streams: 50 },
    ]);
  });
});

describe('ingest refusals', () => {
  const dspNames = async (api: Api) => (await read(api, `by-dsp?${RANGE}`)).data.map((row: { dsp: string }) => row.dsp);

  it('refuses revenue at its field, whole batch, writing nothing', async () => {
    const response = await ingest(world.a.owner, [
      snapshot(world.a.novaRelease.id, 'Napster', 'GB', '2025-03', 10),
      { ...snapshot(world.a.novaRelease.id, 'Napster', 'US', '2025-03', 10), revenue: 12.5 },
      { ...snapshot(world.a.novaRelease.id, 'Napster', 'FR', '2025-03', 10), revenue_usd: '3.00' },
    ]);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      'snapshots.1.revenue': [SNAPSHOT_REVENUE_MESSAGE],
      'snapshots.2.revenue_usd': [SNAPSHOT_REVENUE_MESSAGE],
    });
    expect(await dspNames(world.a.owner)).not.toContain('Napster');
  });

  it("refuses another tenant's release, another artist's release to an artist key, and unknown ones, at each item", async () => {
    const foreign = await ingest(world.a.owner, [
      snapshot(world.a.novaRelease.id, 'Qobuz', 'GB', '2025-03', 10),
      snapshot(world.b.beeRelease.id, 'Qobuz', 'GB', '2025-03', 10),
      snapshot('00000000-0000-4000-8000-000000000000', 'Qobuz', 'GB', '2025-03', 10),
    ]);
    expect([foreign.status, foreign.body.errors]).toEqual([
      422,
      { 'snapshots.1.release_uuid': [Messages.releaseNotFound], 'snapshots.2.release_uuid': [Messages.releaseNotFound] },
    ]);
    const otherArtist = await ingest(world.a.nova, [
      snapshot(world.a.novaRelease.id, 'Qobuz', 'GB', '2025-03', 10),
      snapshot(world.a.orbitRelease.id, 'Qobuz', 'GB', '2025-03', 10),
    ]);
    expect([otherArtist.status, otherArtist.body.errors]).toEqual([422, { 'snapshots.1.release_uuid': [Messages.releaseNotFound] }]);
    expect(await dspNames(world.a.owner)).not.toContain('Qobuz');
  });

  it('refuses a period label of no known form, and one the calendar does not have', async () => {
    const unknownForm = await ingest(world.a.owner, [
      snapshot(world.a.novaRelease.id, 'Anghami', 'GB', '2025-03', 10),
      snapshot(world.a.novaRelease.id, 'Anghami', 'GB', 'spring 2025', 10),
    ]);
    expect([unknownForm.status, unknownForm.body.errors]).toEqual([422, { 'snapshots.1.period_label': [PERIOD_LABEL_MESSAGE] }]);
    // Well formed, but no such day or week (2025 has 52 ISO weeks): refused at each item all the same.
    const noSuchPeriod = await ingest(world.a.owner, [
      snapshot(world.a.novaRelease.id, 'Anghami', 'GB', '2025-02-30', 10),
      snapshot(world.a.novaRelease.id, 'Anghami', 'GB', '2025-W53', 10),
      snapshot(world.a.novaRelease.id, 'Anghami', 'GB', '2025-W52', 10),
    ]);
    expect([noSuchPeriod.status, noSuchPeriod.body.errors]).toEqual([
      422,
      { 'snapshots.0.period_label': [PERIOD_LABEL_MESSAGE], 'snapshots.1.period_label': [PERIOD_LABEL_MESSAGE] },
    ]);
    expect(await dspNames(world.a.owner)).not.toContain('Anghami');
  });

  it('replaces a figure ingested again rather than adding to it', async () => {
    const again = [snapshot(world.a.orbitRelease.id, 'Deezer', 'FR', '2025-04', 80)];
    for (let round = 0; round < 2; round++) expect((await ingest(world.a.orbit, again)).body).toEqual({ success: true, data: { ingested: 1 } });
    expect((await read(world.a.owner, `by-dsp?${RANGE}`)).data).toContainEqual({ dsp: 'Deezer', streams: 80 });
    expect((await read(world.a.owner, `overview?${RANGE}`)).data.total_streams).toBe(2080);
    // Put back for the other tests' figures.
    expect((await ingest(world.a.orbit, [snapshot(world.a.orbitRelease.id, 'Deezer', 'FR', '2025-04', 50)])).status).toBe(200);
  });
});

describe('tenant isolation', () => {
  it("shows neither tenant the other's figures", async () => {
    expect((await read(world.b.owner, `overview?${RANGE}`)).data).toEqual({
      from: '2025-03-01',
      to: '2025-04-30',
      total_streams: 0,
      total_revenue_usd: '0.00',
      top_release: null,
      top_dsp: null,
      top_territory: null,
    });
    // The same release key in B's figures does not touch A's.
    const response = await ingest(world.b.owner, [snapshot(world.b.beeRelease.id, 'Spotify', 'GB', '2025-03', 4)]);
    expect(response.body).toEqual({ success: true, data: { ingested: 1 } });
    expect((await read(world.b.owner, `by-release?${RANGE}`)).data).toEqual([
      { release_uuid: world.b.beeRelease.id, title: world.b.beeRelease.title, streams: 4 },
    ]);
    expect((await read(world.a.owner, `overview?${RANGE}`)).data.total_streams).toBe(2050);
  });
});

describe('revenue from royalty statements', () => {
  const JUNE = 'from=2024-06-01&to=2024-06-30';
  const line = (upc: string | null, revenue: number, streams: number) => ({
    dsp_name: 'Spotify',
    track_title: 'Track',
    artist_name: 'Nova',
    period: '2024-06',
    isrc: null,
    upc,
    revenue,
    streams,
  });
  const addLines = async (statementId: string, lines: unknown[]) => {
    const response = await world.a.owner(`/v1/royalties/${statementId}/line-items`, { body: { line_items: lines } });
    expect([response.status, response.body.statement?.status]).toEqual([200, 'completed']);
  };
  const juneOverview = async (api: Api) => (await read(api, `overview?${JUNE}`)).data;

  it("shows a completed statement's matched lines in the overview and the artist report, and replaces them when it completes again", async () => {
    const created = await world.a.owner('/v1/royalties', { body: { period: '2024-06' } });
    expect(created.status).toBe(201);
    const statementId = created.body.statement.uuid as string;
    await addLines(statementId, [
      line(world.a.novaRelease.upc, 12.345, 100),
      line(world.a.orbitRelease.upc, 0.004, 7),
      // Unmatched: no release of the catalogue, so not in the first family.
      line('000000000000', 5, 1),
    ]);

    // The copy is asynchronous: royalties' completion event, then analytics asks for the facts.
    const overview = await eventually('the statement in the overview', async () => {
      const data = await juneOverview(world.a.owner);
      return data.total_revenue_usd !== '0.00' ? data : null;
    });
    expect(overview).toEqual({
      from: '2024-06-01',
      to: '2024-06-30',
      total_streams: 107,
      // 12.345 + 0.004 = 12.349, in whole cents.
      total_revenue_usd: '12.35',
      top_release: { uuid: world.a.novaRelease.id, title: world.a.novaRelease.title, streams: 100 },
      top_dsp: 'Spotify',
      top_territory: null,
    });
    expect((await read(world.a.owner, `artist/${world.a.novaId}?${JUNE}`)).data).toEqual({ streams: 100, revenue: '12.35' });
    expect((await juneOverview(world.a.nova)).total_revenue_usd).toBe('12.35');
    expect((await juneOverview(world.a.orbit)).total_revenue_usd).toBe('0.00');
    expect((await juneOverview(world.b.owner)).total_revenue_usd).toBe('0.00');

    await addLines(statementId, [line(world.a.novaRelease.upc, 1, 10)]);
    const replaced = await eventually('the second completion in the overview', async () => {
      const data = await juneOverview(world.a.owner);
      return data.total_streams !== 107 ? data : null;
    });
    expect(replaced).toMatchObject({ total_streams: 117, total_revenue_usd: '13.35' });
  });
});
