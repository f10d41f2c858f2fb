import { apiClient } from '@sv/testing';
import { CHART_COLUMNS, PLAYLIST_COLUMNS, csvFile, csvStreams, dsrFile, type CsvStreamLine, type DsrOptions, type DsrUsage } from './support/report-fixtures.ts';
import { adminLoad, makeRelease, reportFile, useStreamingWorld, type Api, type StreamingRelease } from './support/streaming-world.ts';

/*
 * The two analytics families side by side on one tenant (ingested snapshots against a loaded
 * report file), a DSR revised by a later DSR, a CSV loaded twice, and the streaming reads' default
 * limits against more rows than they show. Each scenario has a tenant of its own, so its figures
 * are only the ones it made.
 */

const world = useStreamingWorld();

const DAY_MS = 86_400_000;
/** The day `days` before today (UTC), YYYY-MM-DD. */
const daysAgo = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

const data = async <T = any>(api: Api, path: string): Promise<T> => {
  const response = await api(path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text}`);
  return response.body.data as T;
};

interface Tenant {
  slug: string;
  owner: Api;
  artist: Api;
  artistId: string;
}

/** A tenant of its own with an owner key and one artist (Nova) with a key. */
const makeTenant = async (slug: string): Promise<Tenant> => {
  await world.platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Families ${slug}`);
  const artistId = String((await world.platform.adminOk('artist', 'create', '--tenant', slug, '--name', 'Nova', '--slug', 'nova')).artist.uuid);
  const key = async (...flags: string[]) => apiClient(world.platform.baseUrl, String((await world.platform.adminOk('key', 'create', '--tenant', slug, ...flags)).key));
  const [owner, artist] = await Promise.all([key('--role', 'owner'), key('--role', 'artist', '--artist', artistId)]);
  return { slug, owner, artist, artistId };
};

describe('the two families on one tenant', () => {
  let tenant: Tenant;
  let release: StreamingRelease;
  const range = () => `from=${daysAgo(10)}&to=${daysAgo(0)}`;

  beforeAll(async () => {
    tenant = await makeTenant('fam-both');
    release = await makeRelease(tenant.artist, 2);
  }, 60_000);

  it('each answers 200 with its own figures: the reporting family the ingested snapshots, the streaming family the file', async () => {
    // The same release, the same days and territories in both: only the source differs.
    const snapshots = [
      { release_uuid: release.id, dsp_name: 'Spotify', territory: 'GB', period_label: daysAgo(5), streams: 1000 },
      { release_uuid: release.id, dsp_name: 'Apple Music', territory: 'US', period_label: daysAgo(4), streams: 300 },
    ];
    const ingested = await tenant.owner('/v1/analytics/ingest', { body: { snapshots } });
    expect([ingested.status, ingested.body]).toEqual([200, { success: true, data: { ingested: 2 } }]);

    const [first, second] = release.tracks;
    const lines: CsvStreamLine[] = [
      { date: daysAgo(5), store: 'Tunes', territory: 'GB', isrc: first!.isrc, title: 'Song 1', artist: 'Nova', streams: 40, downloads: 2 },
      { date: daysAgo(4), store: 'Tunes', territory: 'GB', isrc: first!.isrc, title: 'Song 1', artist: 'Nova', streams: 25, downloads: 1 },
      { date: daysAgo(5), store: 'Tunes', territory: 'US', isrc: second!.isrc, title: 'Song 2', artist: 'Nova', streams: 7 },
      { date: daysAgo(4), store: 'Tunes', territory: 'US', isrc: second!.isrc, title: 'Song 2', artist: 'Nova', streams: 9 },
    ];
    const report = await adminLoad(world, tenant.slug, await reportFile(world, 'both-tunes.csv', csvStreams(lines)));
    expect(report).toMatchObject({ store: 'Tunes', kind: 'streams', rows: 4, matched: { isrc: 4, upc: 0, unmatched: 0 } });

    const ingestedTotal = sum(snapshots.map((item) => item.streams));
    const fileTotal = sum(lines.map((line) => line.streams));
    const fileDownloads = sum(lines.map((line) => line.downloads ?? 0));
    const streamsOf = (isrc: string) => sum(lines.filter((line) => line.isrc === isrc).map((line) => line.streams));
    const downloadsOf = (isrc: string) => sum(lines.filter((line) => line.isrc === isrc).map((line) => line.downloads ?? 0));

    // The reporting family: the snapshots only, none of the file's streams or its store.
    expect(await data(tenant.owner, `/v1/analytics/overview?${range()}`)).toEqual({
      from: daysAgo(10),
      to: daysAgo(0),
      total_streams: ingestedTotal,
      total_revenue_usd: '0.00',
      top_release: { uuid: release.id, title: release.title, streams: ingestedTotal },
      top_dsp: 'Spotify',
      top_territory: 'GB',
    });
    expect(await data(tenant.owner, `/v1/analytics/by-release?${range()}`)).toEqual([{ release_uuid: release.id, title: release.title, streams: ingestedTotal }]);
    expect(await data(tenant.owner, `/v1/analytics/by-dsp?${range()}`)).toEqual([
      { dsp: 'Spotify', streams: 1000 },
      { dsp: 'Apple Music', streams: 300 },
    ]);
    expect(await data(tenant.owner, `/v1/analytics/by-territory?${range()}`)).toEqual([
      { territory: 'GB', country_name: 'United Kingdom', streams: 1000 },
      { territory: 'US', country_name: 'United States', streams: 300 },
    ]);
    expect(await data(tenant.owner, `/v1/analytics/artist/${tenant.artistId}?${range()}`)).toEqual({ streams: ingestedTotal, revenue: '0.00' });

    // The streaming family: the file only, none of the snapshots or their stores.
    expect(await data(tenant.owner, `/v1/analytics/streaming/summary?${range()}`)).toMatchObject({
      period: { from: daysAgo(10), to: daysAgo(0) },
      streams: fileTotal,
      downloads: fileDownloads,
      days_reported: 2,
      first_day: daysAgo(5),
      last_day: daysAgo(4),
    });
    expect((await data(tenant.owner, `/v1/analytics/streaming/tracks?${range()}`)).tracks).toEqual([
      { isrc: first!.isrc, title: 'Song 1', artist: 'Nova', release_uuid: release.id, track_uuid: first!.id, streams: streamsOf(first!.isrc), downloads: downloadsOf(first!.isrc) },
      { isrc: second!.isrc, title: 'Song 2', artist: 'Nova', release_uuid: release.id, track_uuid: second!.id, streams: streamsOf(second!.isrc), downloads: 0 },
    ]);
    expect((await data(tenant.owner, `/v1/analytics/streaming/daily?release_uuid=${release.id}&${range()}`)).daily).toEqual([
      { date: daysAgo(5), streams: 40 + 7, downloads: 2 },
      { date: daysAgo(4), streams: 25 + 9, downloads: 1 },
    ]);
    expect((await data(tenant.owner, '/v1/analytics/streaming/stores')).stores).toEqual([{ store: 'Tunes', streams: fileTotal }]);
    expect((await data(tenant.owner, '/v1/analytics/streaming/markets')).markets).toEqual([
      { territory: 'GB', streams: 40 + 25 },
      { territory: 'US', streams: 7 + 9 },
    ]);
  }, 90_000);
});

describe('a DSR revised by a later DSR', () => {
  let tenant: Tenant;
  let release: StreamingRelease;

  beforeAll(async () => {
    tenant = await makeTenant('fam-dsr');
    release = await makeRelease(tenant.artist, 1);
  }, 60_000);

  /** StreamCo's DSR for `start`..`end`: the release's one track, with the usages given. */
  const streamco = (messageId: string, start: string, end: string, usages: DsrUsage[]): DsrOptions => ({
    sender: 'StreamCo',
    messageId,
    start,
    end,
    blocks: [{ release: { icpn: release.upc, title: release.title, artist: 'Nova' }, resources: [{ isrc: release.tracks[0]!.isrc, title: 'Song 1', artist: 'Nova', usages }] }],
  });
  const gb = (count: number): DsrUsage => ({ territory: 'GB', model: 'SubscriptionModel', useType: 'OnDemandStream', count });
  const us = (count: number): DsrUsage => ({ territory: 'US', model: 'AdvertisementSupportedModel', useType: 'OnDemandStream', count });
  const fr = (count: number): DsrUsage => ({ territory: 'FR', model: 'SubscriptionModel', useType: 'OnDemandStream', count });

  it('reads the revised figures, not the sum of both files', async () => {
    // Daily DSRs for days 6, 5 and 4 (day 4 also in FR), each its own message.
    const daily = [
      { day: 6, usages: [gb(10), us(5)] },
      { day: 5, usages: [gb(10), us(5)] },
      { day: 4, usages: [gb(10), us(5), fr(3)] },
    ];
    for (const { day, usages } of daily) {
      const name = `streamco-${day}.tsv`;
      const report = await adminLoad(world, tenant.slug, await reportFile(world, name, dsrFile(streamco(`MSG-D${day}`, daysAgo(day), daysAgo(day), usages))));
      expect(report).toMatchObject({ format: 'dsr', store: 'StreamCo', first_day: daysAgo(day), last_day: daysAgo(day), rows: usages.length, replaced_rows: 0 });
    }
    const track = release.tracks[0]!;
    expect((await data(tenant.owner, `/v1/analytics/streaming/daily?track_uuid=${track.id}`)).daily).toEqual([
      { date: daysAgo(6), streams: 15, downloads: 0 },
      { date: daysAgo(5), streams: 15, downloads: 0 },
      { date: daysAgo(4), streams: 18, downloads: 0 },
    ]);

    // A later DSR of days 5 to 4 with higher counts, GB and US only: it replaces the other files'
    // GB and US rows of those days; its own rows are recorded on its period's first day.
    const revision = await adminLoad(world, tenant.slug, await reportFile(world, 'streamco-revised.tsv', dsrFile(streamco('MSG-REV', daysAgo(5), daysAgo(4), [gb(30), us(12)]))));
    expect(revision).toMatchObject({ format: 'dsr', store: 'StreamCo', first_day: daysAgo(5), last_day: daysAgo(4), rows: 2, replaced_rows: 4 });

    expect((await data(tenant.owner, `/v1/analytics/streaming/daily?track_uuid=${track.id}`)).daily).toEqual([
      { date: daysAgo(6), streams: 15, downloads: 0 },
      { date: daysAgo(5), streams: 30 + 12, downloads: 0 },
      // FR was not in the revision: day 4's FR row stays.
      { date: daysAgo(4), streams: 3, downloads: 0 },
    ]);
    const total = 15 + 42 + 3;
    expect(await data(tenant.owner, '/v1/analytics/streaming/summary')).toMatchObject({ streams: total, downloads: 0, days_reported: 3, first_day: daysAgo(6), last_day: daysAgo(4) });
    expect((await data(tenant.owner, '/v1/analytics/streaming/tracks')).tracks).toEqual([
      { isrc: track.isrc, title: 'Song 1', artist: 'Nova', release_uuid: release.id, track_uuid: track.id, streams: total, downloads: 0 },
    ]);
    // The latest window is the revision's (days 5 to 4): every row of those days, once.
    const markets = await data(tenant.owner, '/v1/analytics/streaming/markets');
    expect(markets.markets).toEqual([
      { territory: 'GB', streams: 30 },
      { territory: 'US', streams: 12 },
      { territory: 'FR', streams: 3 },
    ]);
    expect(markets.note).toContain(`${daysAgo(5)} to ${daysAgo(4)}`);
    expect((await data(tenant.owner, '/v1/analytics/streaming/stores')).stores).toEqual([{ store: 'StreamCo', streams: 45 }]);
    const weekly = await data(tenant.owner, `/v1/analytics/streaming/artists/${tenant.artistId}/weekly`);
    expect(sum(weekly.weekly.map((week: { streams_total: number }) => week.streams_total))).toBe(total);
    expect(sum(weekly.weekly.map((week: { streams_premium: number }) => week.streams_premium))).toBe(10 + 30 + 3);
    expect(sum(weekly.weekly.map((week: { streams_standard: number }) => week.streams_standard))).toBe(5 + 12);
  }, 90_000);
});

describe('a CSV loaded twice', () => {
  let tenant: Tenant;
  let release: StreamingRelease;

  beforeAll(async () => {
    tenant = await makeTenant('fam-twice');
    release = await makeRelease(tenant.artist, 2);
  }, 60_000);

  it('reads as it did after one load: the second load replaces the first, never adds to it', async () => {
    const [first, second] = release.tracks;
    const lines: CsvStreamLine[] = [3, 2].flatMap((days) => [
      { date: daysAgo(days), store: 'Tunes', territory: 'GB', isrc: first!.isrc, title: 'Song 1', artist: 'Nova', streams: 10 * days, downloads: days, streams_premium: days },
      { date: daysAgo(days), store: 'Tunes', territory: 'SE', isrc: second!.isrc, title: 'Song 2', artist: 'Nova', streams: 4 * days },
    ]);
    const path = await reportFile(world, 'tunes-twice.csv', csvStreams(lines));
    const reads = async () => ({
      summary: await data(tenant.owner, '/v1/analytics/streaming/summary'),
      daily: await data(tenant.owner, '/v1/analytics/streaming/daily'),
      tracks: await data(tenant.owner, '/v1/analytics/streaming/tracks'),
      markets: await data(tenant.owner, '/v1/analytics/streaming/markets'),
      stores: await data(tenant.owner, '/v1/analytics/streaming/stores'),
    });

    const once = await adminLoad(world, tenant.slug, path);
    expect(once).toMatchObject({ rows: lines.length, replaced_rows: 0, matched: { isrc: lines.length, upc: 0, unmatched: 0 } });
    const afterOnce = await reads();
    const total = sum(lines.map((line) => line.streams));
    expect(afterOnce.summary).toMatchObject({ streams: total, downloads: 3 + 2, days_reported: 2, first_day: daysAgo(3), last_day: daysAgo(2) });
    expect(afterOnce.daily.daily).toEqual([
      { date: daysAgo(3), streams: 30 + 12, downloads: 3 },
      { date: daysAgo(2), streams: 20 + 8, downloads: 2 },
    ]);
    expect(afterOnce.tracks.tracks.map((track: { isrc: string; streams: number }) => [track.isrc, track.streams])).toEqual([
      [first!.isrc, 50],
      [second!.isrc, 20],
    ]);
    expect(afterOnce.stores.stores).toEqual([{ store: 'Tunes', streams: total }]);

    const twice = await adminLoad(world, tenant.slug, path);
    expect(twice).toMatchObject({ sha256: once.sha256, rows: lines.length, replaced_rows: lines.length });
    const afterTwice = await reads();
    expect({ ...afterTwice, summary: { ...afterTwice.summary, last_synced_at: null } }).toEqual({ ...afterOnce, summary: { ...afterOnce.summary, last_synced_at: null } });
    const weekly = await data(tenant.owner, `/v1/analytics/streaming/artists/${tenant.artistId}/weekly`);
    expect(sum(weekly.weekly.map((week: { streams_total: number }) => week.streams_total))).toBe(total);
    expect(sum(weekly.weekly.map((week: { streams_premium: number }) => week.streams_premium))).toBe(3 + 2);
  }, 90_000);
});

describe('default limits of the streaming reads', () => {
  let tenant: Tenant;
  /** More than any default but charts' shows: thirty stores, recordings and playlists. */
  const COUNT = 30;
  const CHART_ENTRIES = 60;
  const isrc = (index: number): string => `ZZX0026${String(index).padStart(5, '0')}`;

  beforeAll(async () => {
    tenant = await makeTenant('fam-limits');
    // A report file is one store's: thirty files of the same day, store i reporting recording i.
    for (let index = 1; index <= COUNT; index++) {
      const line = { date: daysAgo(2), store: `Store ${index}`, territory: 'GB', isrc: isrc(index), title: `Track ${index}`, artist: 'Many', streams: 100 + index };
      await adminLoad(world, tenant.slug, await reportFile(world, `limits-store-${index}.csv`, csvStreams([line])));
    }
    const playlists = Array.from({ length: COUNT }, (_, index) => ({
      date: daysAgo(2),
      store: 'Tunes',
      playlist: `Playlist ${index + 1}`,
      isrc: isrc(index + 1),
      title: `Track ${index + 1}`,
      artist: 'Many',
      streams: 50 + index,
    }));
    expect(await adminLoad(world, tenant.slug, await reportFile(world, 'limits-playlists.csv', csvFile(PLAYLIST_COLUMNS, playlists)))).toMatchObject({ kind: 'playlists', rows: COUNT });
    // One entry a day, days 1 to 60 ago: newest first is a known order.
    const charts = Array.from({ length: CHART_ENTRIES }, (_, index) => ({
      date: daysAgo(index + 1),
      store: 'Tunes',
      chart: 'Top 100',
      territory: 'GB',
      position: index + 1,
      title: `Hit ${index + 1}`,
      artist: 'Many',
    }));
    expect(await adminLoad(world, tenant.slug, await reportFile(world, 'limits-charts.csv', csvFile(CHART_COLUMNS, charts)))).toMatchObject({ kind: 'charts', rows: CHART_ENTRIES });
  }, 180_000);

  it('stores: 25 by default, all thirty with limit=100', async () => {
    const all = (await data(tenant.owner, '/v1/analytics/streaming/stores?limit=100')).stores as { store: string; streams: number }[];
    expect([...all].sort((a, b) => a.streams - b.streams)).toEqual(Array.from({ length: COUNT }, (_, index) => ({ store: `Store ${index + 1}`, streams: 101 + index })));
    const shown = (await data(tenant.owner, '/v1/analytics/streaming/stores')).stores;
    expect(shown).toHaveLength(25);
    expect(all).toEqual(expect.arrayContaining(shown));
  });

  it('tracks: the 25 most streamed by default, all thirty with limit=200', async () => {
    const all = (await data(tenant.owner, '/v1/analytics/streaming/tracks?limit=200')).tracks as { isrc: string; streams: number }[];
    const expected = Array.from({ length: COUNT }, (_, index) => COUNT - index).map((index) => [isrc(index), 100 + index]);
    expect(all.map((track) => [track.isrc, track.streams])).toEqual(expected);
    const shown = (await data(tenant.owner, '/v1/analytics/streaming/tracks')).tracks as { isrc: string; streams: number }[];
    expect(shown.map((track) => [track.isrc, track.streams])).toEqual(expected.slice(0, 25));
  });

  it('playlists: 25 by default, all thirty with limit=200', async () => {
    const all = (await data(tenant.owner, '/v1/analytics/streaming/playlists?limit=200')).playlists as { playlist: string; streams: number }[];
    expect(all.map((row) => [row.playlist, row.streams]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual(
      Array.from({ length: COUNT }, (_, index) => [`Playlist ${index + 1}`, 50 + index]),
    );
    const shown = (await data(tenant.owner, '/v1/analytics/streaming/playlists')).playlists;
    expect(shown).toHaveLength(25);
    expect(all).toEqual(expect.arrayContaining(shown));
  });

  it('charts: the 50 newest by default, all sixty with limit=200', async () => {
    const all = (await data(tenant.owner, '/v1/analytics/streaming/charts?limit=200')).charts as { captured_on: string; title: string }[];
    const expected = Array.from({ length: CHART_ENTRIES }, (_, index) => [daysAgo(index + 1), `Hit ${index + 1}`]);
    expect(all.map((row) => [row.captured_on, row.title])).toEqual(expected);
    const shown = (await data(tenant.owner, '/v1/analytics/streaming/charts')).charts as { captured_on: string; title: string }[];
    expect(shown.map((row) => [row.captured_on, row.title])).toEqual(expected.slice(0, 50));
  });

  it('from after to is 422 naming from, on tracks and charts', async () => {
    for (const path of ['tracks', 'charts']) {
      const response = await tenant.owner(`/v1/analytics/streaming/${path}?from=${daysAgo(1)}&to=${daysAgo(2)}`);
      expect([path, response.status, Object.keys(response.body.errors ?? {})]).toEqual([path, 422, ['from']]);
    }
  });
});
