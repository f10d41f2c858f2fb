import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ISO_3166_1_ALPHA_2 } from '@sv/contracts';
import { eventually } from '@sv/testing';
import { CHART_COLUMNS, PLAYLIST_COLUMNS, csvFile, csvStreams, dsrFile, type CsvStreamLine, type DsrOptions } from './support/report-fixtures.ts';
import { adminLoad, makeRelease, reportFile, setReleaseStatus, useStreamingWorld, type Api, type StreamingRelease } from './support/streaming-world.ts';

/*
 * The streaming family through the gateway, fed by report files the operator command loads (a DDEX
 * DSR flat file and the platform's CSVs) and by the drop-folder job: loads, reloads, revisions,
 * every read with its defaults and limits, coverage, artist scoping and tenant isolation.
 */

const world = useStreamingWorld();

const DAY_MS = 86_400_000;
/** The day `days` before today (UTC), YYYY-MM-DD: every report is about recent days. */
const daysAgo = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

let nova: StreamingRelease;
let orbit: StreamingRelease;
let unreported: StreamingRelease;
/** A code no catalogue holds. */
const UNKNOWN_ISRC = 'ZZX002600001';

const data = async <T = any>(api: Api, path: string): Promise<T> => {
  const response = await api(path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text}`);
  return response.body.data as T;
};

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/** StreamCo's daily DSR for four days ago: Nova by ISRC, an unknown recording, Orbit's release by its EAN only. */
const dsrOptions = (): DsrOptions => ({
  sender: 'StreamCo',
  messageId: `MSG-${daysAgo(4)}`,
  start: daysAgo(4),
  end: daysAgo(4),
  blocks: [
    {
      release: { icpn: nova.upc, title: nova.title, artist: 'Nova' },
      resources: [
        {
          isrc: nova.tracks[0]!.isrc,
          title: 'Song 1',
          artist: 'Nova',
          usages: [
            { territory: 'GB', model: 'SubscriptionModel', useType: 'OnDemandStream', count: 100 },
            { territory: 'GB', model: 'AdvertisementSupportedModel', useType: 'OnDemandStream', count: 50 },
            { territory: 'US', model: 'PayAsYouGoModel', useType: 'PermanentDownload', count: 5 },
            { territory: 'US', model: 'PayAsYouGoModel', useType: 'UseAsRingtone', count: 2 },
          ],
        },
        { isrc: nova.tracks[1]!.isrc, title: 'Song 2', artist: 'Nova', usages: [{ territory: 'US', model: 'SubscriptionModel', useType: 'OnDemandStream', count: 30 }] },
      ],
    },
    {
      release: { icpn: null, title: 'Somebody Else', artist: 'Stranger' },
      resources: [{ isrc: UNKNOWN_ISRC, title: 'Not Ours', artist: 'Stranger', usages: [{ territory: 'FR', model: 'AdvertisementSupportedModel', useType: 'OnDemandStream', count: 20 }] }],
    },
    {
      // The store quotes the EAN-13 of Orbit's UPC-A, as a delivery's ICPN may be padded.
      release: { icpn: `0${orbit.upc}`, title: orbit.title, artist: 'Orbit' },
      resources: [],
      releaseUsages: [{ territory: 'DE', model: 'AdvertisementSupportedModel', useType: 'OnDemandStream', count: 10 }],
    },
  ],
});

/** A whole share of a count (the splits are whole numbers). */
const share = (count: number, fraction: number): number => Math.round(count * fraction);

/** Tunes' CSV: Nova's first song in GB and Orbit's song in US, days 10 to 3 ago, every split. */
const tunesLines = (firstDay: number, lastDay: number, novaStreams: number, orbitStreams: number): CsvStreamLine[] =>
  Array.from({ length: firstDay - lastDay + 1 }, (_, index) => daysAgo(firstDay - index)).flatMap((date) => [
    {
      date,
      store: 'Tunes',
      territory: 'GB',
      isrc: nova.tracks[0]!.isrc,
      title: 'Song 1',
      artist: 'Nova',
      streams: novaStreams,
      downloads: share(novaStreams, 0.1),
      streams_standard: share(novaStreams, 0.6),
      streams_premium: share(novaStreams, 0.4),
      streams_organic: share(novaStreams, 0.7),
      streams_curated: share(novaStreams, 0.3),
      streams_desktop: share(novaStreams, 0.2),
      streams_mobile: share(novaStreams, 0.8),
      played_30s: share(novaStreams, 0.9),
      played_60s: share(novaStreams, 0.7),
      played_90s: share(novaStreams, 0.5),
    },
    { date, store: 'Tunes', territory: 'US', isrc: orbit.tracks[0]!.isrc, title: 'Song 1', artist: 'Orbit', streams: orbitStreams },
  ]);

/** What is loaded once the revision is in: the first Tunes file's days 10–6, the revision's 5–3. */
const tunesNow = (): CsvStreamLine[] => [...tunesLines(10, 6, 10, 5), ...tunesLines(5, 3, 20, 8)];
const dsrStreams = 100 + 50 + 30 + 20 + 10;

describe('loading report files', () => {
  beforeAll(async () => {
    [nova, orbit, unreported] = await Promise.all([makeRelease(world.a.nova, 2), makeRelease(world.a.orbit, 1), makeRelease(world.a.nova, 1)]);
    // Delivered: Nova's and Orbit's releases have reports; the third has none yet.
    await setReleaseStatus(world.db, nova.id, 'approved');
    await setReleaseStatus(world.db, orbit.id, 'live');
    await setReleaseStatus(world.db, unreported.id, 'approved');
  }, 60_000);

  it('loads a DSR flat file: the sender as store, usages matched by ISRC, by UPC (EAN form), or not at all', async () => {
    const path = await reportFile(world, 'streamco-daily.tsv', dsrFile(dsrOptions()));
    const report = await adminLoad(world, world.a.slug, path);
    expect(report).toMatchObject({
      file_name: 'streamco-daily.tsv',
      store: 'StreamCo',
      format: 'dsr',
      kind: 'streams',
      first_day: daysAgo(4),
      last_day: daysAgo(4),
      rows: 6,
      skipped_rows: 1,
      ignored_records: {},
      matched: { isrc: 4, upc: 1, unmatched: 1 },
      replaced_rows: 0,
    });
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await data(world.a.owner, '/v1/analytics/streaming/summary')).streams).toBe(dsrStreams);
  }, 90_000);

  it('reloading the same file replaces its rows instead of doubling them', async () => {
    const path = await reportFile(world, 'streamco-daily-again.tsv', dsrFile(dsrOptions()));
    const report = await adminLoad(world, world.a.slug, path);
    expect(report).toMatchObject({ rows: 6, replaced_rows: 6, matched: { isrc: 4, upc: 1, unmatched: 1 } });
    expect((await data(world.a.owner, '/v1/analytics/streaming/summary')).streams).toBe(dsrStreams);
    const { rows } = await world.db.query(`select count(*)::int as "rows" from "analytics"."stream_row" where "tenant_id" = $1`, [world.a.tenantId]);
    expect(rows[0].rows).toBe(6);
    const files = await world.db.query(`select count(*)::int as "files" from "analytics"."report_file" where "tenant_id" = $1`, [world.a.tenantId]);
    expect(files.rows[0].files).toBe(1);
  }, 90_000);

  it('loads a CSV, then a later file of the same store revises its recent days upward', async () => {
    const first = await adminLoad(world, world.a.slug, await reportFile(world, 'tunes-week.csv', csvStreams(tunesLines(10, 3, 10, 5))));
    expect(first).toMatchObject({ store: 'Tunes', format: 'csv', kind: 'streams', first_day: daysAgo(10), last_day: daysAgo(3), rows: 16, matched: { isrc: 16, upc: 0, unmatched: 0 } });
    const revision = await adminLoad(world, world.a.slug, await reportFile(world, 'tunes-revised.csv', csvStreams(tunesLines(5, 3, 20, 8))));
    expect(revision).toMatchObject({ first_day: daysAgo(5), last_day: daysAgo(3), rows: 6, replaced_rows: 6 });

    const daily = await data(world.a.owner, `/v1/analytics/streaming/daily?track_uuid=${nova.tracks[0]!.id}`);
    expect(daily.daily).toEqual([
      ...[10, 9, 8, 7, 6].map((days) => ({ date: daysAgo(days), streams: 10, downloads: 1 })),
      { date: daysAgo(5), streams: 20, downloads: 2 },
      { date: daysAgo(4), streams: 20 + 150, downloads: 2 + 5 },
      { date: daysAgo(3), streams: 20, downloads: 2 },
    ]);
  }, 90_000);

  it('loads playlists and charts CSVs, told apart by their header', async () => {
    const playlists = csvFile(PLAYLIST_COLUMNS, [
      { date: daysAgo(3), store: 'Tunes', playlist: 'Morning Mix', playlist_followers: 1200, isrc: nova.tracks[0]!.isrc, title: 'Song 1', artist: 'Nova', streams: 30, streams_standard: 10, streams_premium: 20 },
      { date: daysAgo(3), store: 'Tunes', playlist: 'Late Night', isrc: UNKNOWN_ISRC, title: 'Not Ours', artist: 'Stranger', streams: 5 },
    ]);
    expect(await adminLoad(world, world.a.slug, await reportFile(world, 'playlists.csv', playlists))).toMatchObject({ kind: 'playlists', rows: 2, matched: { isrc: 1, unmatched: 1 } });
    const charts = csvFile(CHART_COLUMNS, [
      { date: daysAgo(3), store: 'Tunes', chart: 'Top 50', genre: 'Pop', territory: 'GB', position: 3, previous: 7, isrc: nova.tracks[0]!.isrc, title: 'Song 1', artist: 'Nova' },
      { date: daysAgo(3), store: 'Tunes', chart: 'Viral 50', territory: 'GB', position: 12, title: 'Not Ours', artist: 'Stranger' },
      { date: daysAgo(20), store: 'Tunes', chart: 'Top 50', genre: 'Pop', territory: 'GB', position: 7, previous: 9, isrc: nova.tracks[0]!.isrc, title: 'Song 1', artist: 'Nova' },
    ]);
    expect(await adminLoad(world, world.a.slug, await reportFile(world, 'charts.csv', charts), '--store', 'Tunes Charts')).toMatchObject({ kind: 'charts', store: 'Tunes Charts', rows: 3 });
  }, 90_000);

  it('refuses a malformed file naming its line and column, and changes nothing', async () => {
    const before = await data(world.a.owner, '/v1/analytics/streaming/summary');
    const files = async () => (await world.db.query(`select count(*)::int as "files" from "analytics"."report_file"`)).rows[0].files as number;
    const filesBefore = await files();
    // The bad line comes last: every line before it was already streamed into the load.
    const lines = csvStreams(tunesLines(2, 1, 10, 5)).trimEnd().split('\n');
    lines.push(`${daysAgo(1)},Tunes,GB,${nova.tracks[0]!.isrc},,,,12x,,,,,,,,,,`);
    const result = await world.platform.admin('analytics', 'load', '--tenant', world.a.slug, '--file', await reportFile(world, 'broken.csv', `${lines.join('\n')}\n`));
    expect(result.code).toBe(1);
    expect(result.json.error).toBe(`The report file is malformed: line ${lines.length}, column streams: must be a whole number of zero or more (got "12x")`);
    expect(await data(world.a.owner, '/v1/analytics/streaming/summary')).toEqual(before);
    expect(await files()).toBe(filesBefore);

    const cut = dsrFile({ ...dsrOptions(), withoutFooter: true });
    const refused = await world.platform.admin('analytics', 'load', '--tenant', world.a.slug, '--file', await reportFile(world, 'cut.tsv', cut));
    expect(refused.code).toBe(1);
    expect(refused.json.error).toContain('column RecordType: the file ends without its FOOT record');
    expect(await files()).toBe(filesBefore);
  }, 90_000);
});

describe('reading the streaming family', () => {
  const totalStreams = () => dsrStreams + sum(tunesNow().map((line) => line.streams));
  const totalDownloads = () => 5 + sum(tunesNow().map((line) => line.downloads ?? 0));

  it('summary: the last 90 days by default, days reported and the catalogue counts', async () => {
    const summary = await data(world.a.owner, '/v1/analytics/streaming/summary');
    expect(summary).toEqual({
      period: { from: daysAgo(90), to: daysAgo(0) },
      streams: totalStreams(),
      downloads: totalDownloads(),
      days_reported: 8,
      first_day: daysAgo(10),
      last_day: daysAgo(3),
      catalogue: { products: 3, albums: 0, tracks: 4, artists: 2 },
      last_synced_at: expect.any(String),
    });
    const narrow = await data(world.a.owner, `/v1/analytics/streaming/summary?from=${daysAgo(4)}&to=${daysAgo(4)}`);
    expect(narrow).toMatchObject({ streams: dsrStreams + 20 + 8, days_reported: 1, first_day: daysAgo(4), last_day: daysAgo(4) });
  });

  it('daily: every reported day, or a release\'s', async () => {
    const daily = await data(world.a.owner, '/v1/analytics/streaming/daily');
    expect(daily.period).toEqual({ from: daysAgo(90), to: daysAgo(0) });
    expect(daily.daily.map((day: { date: string }) => day.date)).toEqual([10, 9, 8, 7, 6, 5, 4, 3].map(daysAgo));
    expect(sum(daily.daily.map((day: { streams: number }) => day.streams))).toBe(totalStreams());
    const orbitDaily = await data(world.a.owner, `/v1/analytics/streaming/daily?release_uuid=${orbit.id}&from=${daysAgo(5)}`);
    expect(orbitDaily.daily).toEqual([
      { date: daysAgo(5), streams: 8, downloads: 0 },
      { date: daysAgo(4), streams: 8 + 10, downloads: 0 },
      { date: daysAgo(3), streams: 8, downloads: 0 },
    ]);
  });

  it('markets and stores: the latest reporting window only, whatever from and to say', async () => {
    // The revision (days 5–3) ends last; every store's rows of those days count, the older days do not.
    const markets = await data(world.a.owner, `/v1/analytics/streaming/markets?from=${daysAgo(60)}&to=${daysAgo(0)}`);
    expect(markets.markets).toEqual([
      { territory: 'GB', streams: 150 + 3 * 20 },
      { territory: 'US', streams: 30 + 3 * 8 },
      { territory: 'FR', streams: 20 },
      { territory: 'DE', streams: 10 },
    ]);
    expect(markets.note).toContain(`${daysAgo(5)} to ${daysAgo(3)}`);
    expect(markets.note).toContain('from and to do not apply');
    expect((await data(world.a.owner, '/v1/analytics/streaming/markets?limit=2')).markets).toHaveLength(2);
    const stores = await data(world.a.owner, '/v1/analytics/streaming/stores');
    expect(stores.stores).toEqual([
      { store: 'StreamCo', streams: dsrStreams },
      { store: 'Tunes', streams: 3 * 20 + 3 * 8 },
    ]);
    expect(stores.note).toContain('latest reporting window');
  });

  it('tracks: by ISRC, largest first, the catalogue ids when matched', async () => {
    const tracks = await data(world.a.owner, '/v1/analytics/streaming/tracks');
    expect(tracks.period).toEqual({ from: daysAgo(90), to: daysAgo(0) });
    expect(tracks.tracks).toEqual([
      { isrc: nova.tracks[0]!.isrc, title: 'Song 1', artist: 'Nova', release_uuid: nova.id, track_uuid: nova.tracks[0]!.id, streams: 150 + 5 * 10 + 3 * 20, downloads: 5 + 5 + 6 },
      { isrc: orbit.tracks[0]!.isrc, title: 'Song 1', artist: 'Orbit', release_uuid: orbit.id, track_uuid: orbit.tracks[0]!.id, streams: 5 * 5 + 3 * 8, downloads: 0 },
      { isrc: nova.tracks[1]!.isrc, title: 'Song 2', artist: 'Nova', release_uuid: nova.id, track_uuid: nova.tracks[1]!.id, streams: 30, downloads: 0 },
      { isrc: UNKNOWN_ISRC, title: 'Not Ours', artist: 'Stranger', release_uuid: null, track_uuid: null, streams: 20, downloads: 0 },
    ]);
    expect((await data(world.a.owner, '/v1/analytics/streaming/tracks?limit=1')).tracks).toHaveLength(1);
  });

  it('playlists and charts: the latest playlist window with a note; chart movement is previous minus position', async () => {
    const playlists = await data(world.a.owner, '/v1/analytics/streaming/playlists');
    expect(playlists.playlists).toEqual([
      { playlist: 'Morning Mix', store: 'Tunes', playlist_followers: 1200, track: 'Song 1', track_uuid: nova.tracks[0]!.id, streams: 30, streams_standard: 10, streams_premium: 20 },
      { playlist: 'Late Night', store: 'Tunes', playlist_followers: null, track: 'Not Ours', track_uuid: null, streams: 5, streams_standard: 0, streams_premium: 0 },
    ]);
    expect(playlists.note).toContain('position is not returned');
    const charts = await data(world.a.owner, '/v1/analytics/streaming/charts');
    expect(charts.charts).toEqual([
      { captured_on: daysAgo(3), chart: 'Top 50', genre: 'Pop', territory: 'GB', store: 'Tunes Charts', title: 'Song 1', artist: 'Nova', position: 3, previous: 7, movement: 4 },
      { captured_on: daysAgo(3), chart: 'Viral 50', genre: null, territory: 'GB', store: 'Tunes Charts', title: 'Not Ours', artist: 'Stranger', position: 12, previous: null, movement: null },
      { captured_on: daysAgo(20), chart: 'Top 50', genre: 'Pop', territory: 'GB', store: 'Tunes Charts', title: 'Song 1', artist: 'Nova', position: 7, previous: 9, movement: 2 },
    ]);
    expect((await data(world.a.owner, `/v1/analytics/streaming/charts?from=${daysAgo(5)}`)).charts).toHaveLength(2);
  });

  it('coverage: rows matched by ISRC, by UPC and unmatched; the delivered release with no report', async () => {
    const coverage = await data(world.a.owner, '/v1/analytics/streaming/coverage');
    expect(coverage.coverage).toEqual({
      matched_by: [
        { method: 'isrc', count: 4 + tunesNow().length },
        { method: 'upc', count: 1 },
        { method: 'unmatched', count: 1 },
      ],
      unreported_releases: [{ release_uuid: unreported.id, title: unreported.title, upc: unreported.upc, delivered_barcode: unreported.upc }],
    });
    expect(coverage.note).toEqual(expect.any(String));
  });

  it('artists/{uuid}/weekly: ISO weeks up to this one, every split', async () => {
    const weekly = await data(world.a.owner, `/v1/analytics/streaming/artists/${world.a.novaId}/weekly`);
    expect(weekly.artist).toEqual({ uuid: world.a.novaId, name: 'Nova' });
    expect(weekly.weekly).toHaveLength(26);
    expect(weekly.weekly.every((week: { week: string }) => /^\d{4}-W\d{2}$/.test(week.week))).toBe(true);
    const novaLines = tunesNow().filter((line) => line.artist === 'Nova');
    const total = (split: string) => sum(weekly.weekly.map((week: Record<string, number>) => week[split]!));
    expect(total('streams_total')).toBe(150 + 30 + sum(novaLines.map((line) => line.streams)));
    expect(total('streams_premium')).toBe(100 + 30 + sum(novaLines.map((line) => line.streams_premium ?? 0)));
    expect(total('streams_standard')).toBe(50 + sum(novaLines.map((line) => line.streams_standard ?? 0)));
    for (const split of ['streams_organic', 'streams_curated', 'streams_desktop', 'streams_mobile', 'played_30s', 'played_60s', 'played_90s'] as const) {
      expect(total(split)).toBe(sum(novaLines.map((line) => line[split] ?? 0)));
    }
    expect((await data(world.a.owner, `/v1/analytics/streaming/artists/${world.a.novaId}/weekly?weeks=2`)).weekly).toHaveLength(2);
  });

  it('limits above their maximum, and from after to, are 422 naming the field', async () => {
    for (const [path, field] of [
      ['/v1/analytics/streaming/markets?limit=251', 'limit'],
      ['/v1/analytics/streaming/stores?limit=101', 'limit'],
      ['/v1/analytics/streaming/tracks?limit=201', 'limit'],
      ['/v1/analytics/streaming/playlists?limit=201', 'limit'],
      ['/v1/analytics/streaming/charts?limit=201', 'limit'],
      [`/v1/analytics/streaming/artists/${world.a.novaId}/weekly?weeks=105`, 'weeks'],
      [`/v1/analytics/streaming/summary?from=${daysAgo(1)}&to=${daysAgo(2)}`, 'from'],
      [`/v1/analytics/streaming/daily?from=${daysAgo(1)}&to=${daysAgo(2)}`, 'from'],
    ] as const) {
      const response = await world.a.owner(path);
      expect([path, response.status]).toEqual([path, 422]);
      expect(Object.keys(response.body.errors)).toEqual([field]);
    }
    expect((await world.a.owner('/v1/analytics/streaming/markets?limit=250')).status).toBe(200);
  });

  it('an artist key sees its own artist only, and another artist is 404', async () => {
    const summary = await data(world.a.nova, '/v1/analytics/streaming/summary');
    const novaLines = tunesNow().filter((line) => line.artist === 'Nova');
    expect(summary.streams).toBe(150 + 30 + sum(novaLines.map((line) => line.streams)));
    expect(summary.catalogue).toEqual({ products: 2, albums: 0, tracks: 3, artists: 1 });
    expect((await data(world.a.nova, '/v1/analytics/streaming/markets')).markets).toEqual([
      { territory: 'GB', streams: 150 + 3 * 20 },
      { territory: 'US', streams: 30 },
    ]);
    expect((await data(world.a.nova, '/v1/analytics/streaming/tracks')).tracks.map((track: { isrc: string }) => track.isrc)).toEqual([nova.tracks[0]!.isrc, nova.tracks[1]!.isrc]);
    const coverage = await data(world.a.nova, '/v1/analytics/streaming/coverage');
    expect(coverage.coverage.unreported_releases.map((release: { release_uuid: string }) => release.release_uuid)).toEqual([unreported.id]);
    expect((await data(world.a.orbit, '/v1/analytics/streaming/coverage')).coverage.unreported_releases).toEqual([]);

    // Playlists and charts by what their lines matched: Nova's recording only, not the unmatched lines.
    expect((await data(world.a.nova, '/v1/analytics/streaming/playlists')).playlists.map((entry: { track_uuid: string }) => entry.track_uuid)).toEqual([nova.tracks[0]!.id]);
    expect((await data(world.a.nova, '/v1/analytics/streaming/charts')).charts.map((entry: { title: string; position: number }) => [entry.title, entry.position])).toEqual([
      ['Song 1', 3],
      ['Song 1', 7],
    ]);
    expect((await data(world.a.orbit, '/v1/analytics/streaming/charts')).charts).toEqual([]);

    expect((await world.a.nova(`/v1/analytics/streaming/artists/${world.a.orbitId}/weekly`)).status).toBe(404);
    expect((await world.a.nova(`/v1/analytics/streaming/artists/${world.a.novaId}/weekly`)).status).toBe(200);
  });

  it('another tenant sees nothing of it, and reads none of its artists', async () => {
    const summary = await data(world.b.owner, '/v1/analytics/streaming/summary');
    expect(summary).toMatchObject({ streams: 0, downloads: 0, days_reported: 0, first_day: null, last_day: null, last_synced_at: null, catalogue: { products: 0, tracks: 0, artists: 0 } });
    expect((await data(world.b.owner, '/v1/analytics/streaming/daily')).daily).toEqual([]);
    expect((await data(world.b.owner, '/v1/analytics/streaming/markets')).markets).toEqual([]);
    expect((await data(world.b.owner, '/v1/analytics/streaming/stores')).stores).toEqual([]);
    expect((await data(world.b.owner, '/v1/analytics/streaming/tracks')).tracks).toEqual([]);
    expect((await data(world.b.owner, '/v1/analytics/streaming/playlists')).playlists).toEqual([]);
    expect((await data(world.b.owner, '/v1/analytics/streaming/charts')).charts).toEqual([]);
    expect((await data(world.b.owner, '/v1/analytics/streaming/coverage')).coverage).toEqual({
      matched_by: [
        { method: 'isrc', count: 0 },
        { method: 'upc', count: 0 },
        { method: 'unmatched', count: 0 },
      ],
      unreported_releases: [],
    });
    expect((await world.b.owner(`/v1/analytics/streaming/artists/${world.a.novaId}/weekly`)).status).toBe(404);
  });
});

describe('the drop folder', () => {
  it('loads a dropped file and moves it to loaded/, and moves a refused one to failed/ with its reason', async () => {
    const folder = join(world.dropDir, world.a.tenantId);
    await mkdir(folder, { recursive: true });
    // Thirty territories on day 2: the newest window, more markets than the default limit shows.
    const territories = [...ISO_3166_1_ALPHA_2].sort().slice(0, 30);
    const dropped = csvStreams(territories.map((territory) => ({ date: daysAgo(2), store: 'DropStore', territory, isrc: nova.tracks[1]!.isrc, streams: 1 })));
    // Written under a hidden name, then renamed: the job never sees a half-written file.
    const place = async (name: string, text: string) => {
      await writeFile(join(folder, `.${name}`), text);
      await rename(join(folder, `.${name}`), join(folder, name));
    };
    await place('dropstore-day.csv', dropped);
    await place('not-a-report.csv', 'hello,world\n1,2\n');

    await eventually('the drop folder to be read', () => existsSync(join(folder, 'loaded', 'dropstore-day.csv')) && existsSync(join(folder, 'failed', 'not-a-report.csv.error.txt')), 30_000);
    expect(existsSync(join(folder, 'dropstore-day.csv'))).toBe(false);
    expect(existsSync(join(folder, 'failed', 'not-a-report.csv'))).toBe(true);
    expect(await readFile(join(folder, 'failed', 'not-a-report.csv.error.txt'), 'utf8')).toContain('line 1, column hello');

    const markets = await data(world.a.owner, '/v1/analytics/streaming/markets');
    expect(markets.markets).toHaveLength(25);
    expect(markets.note).toContain(`${daysAgo(2)} to ${daysAgo(2)}`);
    expect((await data(world.a.owner, '/v1/analytics/streaming/markets?limit=250')).markets).toHaveLength(30);
    expect((await data(world.a.owner, '/v1/analytics/streaming/stores')).stores).toEqual([{ store: 'DropStore', streams: 30 }]);
  }, 90_000);
});
