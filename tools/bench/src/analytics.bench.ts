/**
 * Analytics benchmark, on a platform of its own (catalogue, royalties, analytics, gateway), with
 * --tenants tenants (default 10): one measured, the others of similar size, so every read must find
 * its tenant's rows through an index that leads with the tenant.
 *
 * Set-up (not measured): releases and tracks through the API (200 releases of 2 tracks for the
 * measured tenant, 20 for each other); --snapshots snapshot rows (default 1,000,000; a tenth of that
 * for each other tenant) written straight into analytics.report_snapshot with one INSERT … SELECT
 * generate_series each, spread over the releases, 41 stores, 97 territories and a year of day and
 * month period labels (the year ending yesterday).
 *
 * Measured:
 *
 * 1. Streams load: a CSV of --rows rows (default 1,000,000; the documented streams layout, every
 *    column) over the measured tenant's ISRCs and ~5 % ISRCs of no track, a year of days and 97
 *    territories, loaded with the operator command `analytics load`; prints the seconds of the
 *    command, rows/s and the file's size. Up to three other tenants load a file of a tenth of that
 *    first (not measured). A report file is one store's (the CSV layout refuses a second store).
 * 2. Reads: overview, time-series, streaming/summary, streaming/tracks and streaming/markets through
 *    the gateway with the measured tenant's owner key, over the whole year and with the routes'
 *    defaults: a warm-up, then --requests sequential requests each; prints p50, p99 and max (ms) and
 *    whether p99 is under the target (100 ms).
 *
 * Every answer must be 200, match its reply schema and carry the totals the data set holds
 * (summed from the database or the file); anything else fails the run (exit 1), as does a setup
 * step that does not give what it must. Missing the latency target is reported, not an error.
 *
 * stdout carries the table and one JSON line; progress goes to stderr.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  AnalyticsOverviewReply,
  AnalyticsTimeSeriesReply,
  ISO_3166_1_ALPHA_2,
  StreamingMarketsReply,
  StreamingSummaryReply,
  StreamingTracksReply,
} from '@sv/contracts';
import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';
import { integerFlag, progress, round } from './bench-figures.ts';

const RATE_LIMIT_MULTIPLIER = '1000000';
const TARGET_P99_MS = 100;
const MEASURED_RELEASES = 200;
const OTHER_RELEASES = 20;
const TRACKS_PER_RELEASE = 2;
const STREAMING_OTHERS = 3;
const CREATE_CONCURRENCY = 8;
const ADMIN_CONCURRENCY = 3;
/** The streaming and reporting defaults the routes apply without from/to (days before today). */
const REPORT_DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;
const USAGE = 'usage: run.sh analytics [--snapshots N (1000000)] [--rows N (1000000)] [--tenants N (10)] [--requests N (200)]';

/*
 * Spreads: the counts are pairwise coprime (377 = 365 day labels + 12 month labels = 13 × 29; 41;
 * 97; 200 and 20 releases), so row i's (label, store, territory, release) = (i mod each) never
 * repeats below their product (about 300 million): the snapshot key stays unique and every value
 * is used evenly. Streaming lines likewise take (day, territory, recording) = i mod 365, 97, R.
 */
const DSP_NAMES = [
  'Spotify', 'Apple Music', 'Amazon Music', 'YouTube Music', 'Deezer', 'Tidal', 'Pandora', 'SoundCloud', 'Anghami', 'Boomplay',
  'JioSaavn', 'NetEase Cloud Music', 'QQ Music', 'KKBox', 'Napster', 'iHeartRadio', 'Audiomack', 'Qobuz', 'Yandex Music', 'VK Music',
  'Line Music', 'AWA', 'Gaana', 'Wynk Music', 'Melon', 'Genie', 'Bugs', 'FLO', 'Joox', 'Claro Musica',
  'TikTok', 'Facebook', 'Instagram', 'Shazam', 'Beatport', 'Traxsource', '7digital', 'Juno Download', 'Kuack', 'Saavn', 'Trebel',
];
const TERRITORY_COUNT = 97;
const TERRITORIES = [...ISO_3166_1_ALPHA_2].sort().slice(0, TERRITORY_COUNT);
const DAYS_IN_YEAR = 365;
const STREAM_STORES = ['Spotify', 'Apple Music', 'Deezer', 'Tidal'];

type Api = ReturnType<typeof apiClient>;

interface Flags {
  snapshots: number;
  rows: number;
  tenants: number;
  requests: number;
}

interface Recording {
  isrc: string;
  upc: string;
  title: string;
  artist: string;
}

interface Tenant {
  slug: string;
  id: string;
  artistName: string;
  artistId: string;
  artist: Api;
  releases: { id: string; title: string; upc: string }[];
  tracks: Recording[];
}

const readFlags = (): Flags => {
  const { values } = parseArgs({
    options: {
      snapshots: { type: 'string', default: '1000000' },
      rows: { type: 'string', default: '1000000' },
      tenants: { type: 'string', default: '10' },
      requests: { type: 'string', default: '200' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  return {
    snapshots: integerFlag('snapshots', values.snapshots, 1_000, 10_000_000, USAGE),
    rows: integerFlag('rows', values.rows, 1_000, 10_000_000, USAGE),
    tenants: integerFlag('tenants', values.tenants, 1, 50, USAGE),
    requests: integerFlag('requests', values.requests, 1, 100_000, USAGE),
  };
};

const ok = async <T>(what: string, response: Promise<{ status: number; body: T; text: string }>, expected = [200, 201]): Promise<T> => {
  const answered = await response;
  if (!expected.includes(answered.status)) throw new Error(`${what}: ${answered.status} ${answered.text.slice(0, 500)}`);
  return answered.body;
};

/** Runs `work` over `items` with at most `limit` at once. */
const inParallel = async <T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
};

const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The year of data: the 365 days ending yesterday (UTC), as the reads' defaults end today. */
const dataYear = (): { days: string[]; from: string; to: string } => {
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
  const days = Array.from({ length: DAYS_IN_YEAR }, (_, index) => isoDay(today - (DAYS_IN_YEAR - index) * DAY_MS));
  return { days, from: days[0]!, to: days.at(-1)! };
};

/** 365 day labels and the 12 months that start within the year, each with its first and last day. */
const periodLabels = (days: string[]): { labels: string[]; starts: string[]; ends: string[] } => {
  const labels = [...days];
  const starts = [...days];
  const ends = [...days];
  const first = new Date(`${days[0]}T00:00:00Z`);
  let year = first.getUTCFullYear();
  let month = first.getUTCMonth() + (first.getUTCDate() === 1 ? 0 : 1);
  for (let added = 0; added < 12; added++, month++) {
    if (month > 11) {
      year += 1;
      month = 0;
    }
    labels.push(`${year}-${String(month + 1).padStart(2, '0')}`);
    starts.push(isoDay(Date.UTC(year, month, 1)));
    ends.push(isoDay(Date.UTC(year, month + 1, 0)));
  }
  return { labels, starts, ends };
};

/** One tenant with one artist and that artist's key (releases are created from an artist's account). */
const createTenant = async (platform: TestPlatform, index: number): Promise<Omit<Tenant, 'releases' | 'tracks'>> => {
  const slug = index === 0 ? 'bench' : `bench-${index}`;
  const id = ((await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Bench Records ${index}`)).tenant as { uuid: string }).uuid;
  const artistName = `Nova ${index}`;
  const artistId = ((await platform.adminOk('artist', 'create', '--tenant', slug, '--name', artistName, '--slug', `nova-${index}`)).artist as { uuid: string }).uuid;
  const key = (await platform.adminOk('key', 'create', '--tenant', slug, '--role', 'artist', '--artist', artistId)).key as string;
  return { slug, id, artistName, artistId, artist: apiClient(platform.baseUrl, key) };
};

/** Releases of TRACKS_PER_RELEASE tracks, through the API; each release gets its UPC and each track its ISRC. */
const seedCatalogue = async (tenant: Omit<Tenant, 'releases' | 'tracks'>, count: number): Promise<Tenant> => {
  const releases: Tenant['releases'] = [];
  const tracks: Recording[] = [];
  await inParallel(
    Array.from({ length: count }, (_, index) => index),
    CREATE_CONCURRENCY,
    async (index) => {
      const title = `Bench ${index + 1}`;
      const created = await ok<any>('release', tenant.artist('/v1/releases', { body: { title, type: 'ep', release_date: '2027-03-05', genre: 'Pop' } }));
      const upc = String(created.release.upc ?? '');
      releases.push({ id: created.release.uuid as string, title, upc });
      for (let position = 1; position <= TRACKS_PER_RELEASE; position++) {
        const trackTitle = `${title} track ${position}`;
        const track = await ok<any>('track', tenant.artist(`/v1/releases/${created.release.uuid}/tracks`, { body: { title: trackTitle, position, explicit: false } }));
        const isrc = String(track.track.isrc ?? '');
        if (!/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(isrc)) throw new Error(`track ${trackTitle} of ${tenant.slug} has no ISRC (${isrc})`);
        tracks.push({ isrc, upc, title: trackTitle, artist: tenant.artistName });
      }
    },
  );
  return { ...tenant, releases, tracks };
};

/** `rows` snapshot rows for the tenant in one INSERT … SELECT generate_series (set-up, not measured). */
const insertSnapshots = async (client: pg.Client, tenant: Tenant, rows: number, labels: ReturnType<typeof periodLabels>): Promise<void> => {
  const factors = [tenant.releases.length, DSP_NAMES.length, TERRITORIES.length, labels.labels.length];
  factors.forEach((factor, index) => {
    for (const other of factors.slice(index + 1)) if (gcd(factor, other) !== 1) throw new Error(`the snapshot spreads ${factor} and ${other} are not coprime`);
  });
  if (rows > factors.reduce((product, factor) => product * factor, 1)) throw new Error(`${rows} snapshots would repeat a key`);
  await client.query(
    `with a as (select $2::uuid[] as "rid", $3::text[] as "rtitle", $4::uuid[] as "rartist", $5::text[] as "dsp", $6::text[] as "territory",
                       $7::text[] as "label", $8::date[] as "pstart", $9::date[] as "pend")
     insert into "analytics"."report_snapshot"
       ("id", "tenant_id", "release_id", "release_title", "artist_id", "dsp_name", "territory", "period_label",
        "period_start", "period_end", "streams", "created_at", "updated_at")
     select gen_random_uuid(), $1::uuid,
            a."rid"[1 + i % cardinality(a."rid")], a."rtitle"[1 + i % cardinality(a."rid")], a."rartist"[1 + i % cardinality(a."rid")],
            a."dsp"[1 + i % cardinality(a."dsp")], a."territory"[1 + i % cardinality(a."territory")],
            a."label"[1 + i % cardinality(a."label")], a."pstart"[1 + i % cardinality(a."label")], a."pend"[1 + i % cardinality(a."label")],
            -- a month's figure is about thirty days' worth
            (1 + (i * 7919) % 1000) * (case when 1 + i % cardinality(a."label") > ${DAYS_IN_YEAR} then 30 else 1 end),
            now(), now()
       from a, generate_series(0::bigint, $10::bigint - 1) as i`,
    [
      tenant.id,
      tenant.releases.map((release) => release.id),
      tenant.releases.map((release) => release.title),
      tenant.releases.map(() => tenant.artistId),
      DSP_NAMES,
      TERRITORIES,
      labels.labels,
      labels.starts,
      labels.ends,
      rows,
    ],
  );
};

/** ISRCs of no track of the tenant: about 5 % more recordings, their count keeping the spread coprime to 365 and 97. */
const unmatchedRecordings = (tenantIndex: number, tracks: number): Recording[] => {
  let count = Math.max(1, Math.ceil(tracks / 20));
  while (gcd(tracks + count, DAYS_IN_YEAR) !== 1 || (tracks + count) % TERRITORY_COUNT === 0) count++;
  return Array.from({ length: count }, (_, index) => ({
    isrc: `QZZZ${String(tenantIndex % 10)}26${String(index + 1).padStart(5, '0')}`,
    upc: '',
    title: `Unknown ${index + 1}`,
    artist: 'Unknown Artist',
  }));
};

const STREAMS_HEADER =
  'date,store,territory,isrc,upc,title,artist,streams,downloads,streams_standard,streams_premium,streams_organic,streams_curated,streams_desktop,streams_mobile,played_30s,played_60s,played_90s';

interface StreamFile {
  path: string;
  bytes: number;
  streams: number;
  /** Streams per day, for the reads' expected totals. */
  byDay: Map<string, number>;
  matchedLines: number;
  unmatchedLines: number;
}

/**
 * A streams CSV of `rows` lines of one store: line i is day i mod 365, territory i mod 97 and
 * recording i mod R (so no day, territory and recording repeats), with consistent splits.
 */
const writeStreamFile = async (path: string, rows: number, store: string, days: string[], matched: Recording[], unmatched: Recording[]): Promise<StreamFile> => {
  const recordings = [...matched, ...unmatched];
  if (rows > DAYS_IN_YEAR * TERRITORY_COUNT * recordings.length) throw new Error(`${rows} lines would repeat a day, territory and recording`);
  const out = createWriteStream(path);
  const byDay = new Map<string, number>();
  let streams = 0;
  let matchedLines = 0;
  let chunk = `${STREAMS_HEADER}\n`;
  for (let line = 0; line < rows; line++) {
    const day = days[line % DAYS_IN_YEAR]!;
    const recordingIndex = line % recordings.length;
    const recording = recordings[recordingIndex]!;
    // Some recordings are played far more than others.
    const count = (1 + ((line * 7919) % 997)) * (1 + (recordingIndex % 7));
    const premium = Math.floor(count * 0.6);
    const organic = Math.floor(count * 0.7);
    const desktop = Math.floor(count / 5);
    const played30 = Math.floor(count * 0.9);
    const played60 = Math.floor(played30 * 0.8);
    const played90 = Math.floor(played60 * 0.7);
    if (recordingIndex < matched.length) matchedLines++;
    chunk += `${day},${store},${TERRITORIES[line % TERRITORY_COUNT]},${recording.isrc},${recording.upc},${recording.title},${recording.artist},${count},${line % 50 === 0 ? 1 : 0},${count - premium},${premium},${organic},${count - organic},${desktop},${count - desktop},${played30},${played60},${played90}\n`;
    streams += count;
    byDay.set(day, (byDay.get(day) ?? 0) + count);
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  out.end(chunk);
  await finished(out);
  return { path, bytes: (await stat(path)).size, streams, byDay, matchedLines, unmatchedLines: rows - matchedLines };
};

/** Loads a file with the operator command; checks the report kept every line and matched what it should. */
const loadStreamFile = async (platform: TestPlatform, tenant: Tenant, file: StreamFile, rows: number): Promise<number> => {
  const started = performance.now();
  const loaded = (await platform.adminOk('analytics', 'load', '--tenant', tenant.slug, '--file', file.path)).report as {
    rows: number;
    skipped_rows: number;
    matched: { isrc: number; upc: number; unmatched: number };
  };
  const seconds = (performance.now() - started) / 1000;
  if (loaded.rows !== rows || loaded.skipped_rows !== 0 || loaded.matched.isrc !== file.matchedLines || loaded.matched.unmatched !== file.unmatchedLines) {
    throw new Error(`the load of ${tenant.slug}'s file kept ${JSON.stringify(loaded)}; expected ${rows} rows, ${file.matchedLines} matched by ISRC, ${file.unmatchedLines} unmatched`);
  }
  return seconds;
};

/** Nearest-rank percentile of the samples. */
const percentile = (samples: number[], p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

interface Read {
  name: string;
  path: string;
  /** Throws when the answer is not what the data set holds. */
  check: (body: unknown) => void;
}

interface ReadFigures {
  name: string;
  path: string;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  met: boolean;
}

const parsed = <T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: unknown } }, body: unknown, what: string): T => {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`${what}: the reply does not match its schema: ${JSON.stringify(body).slice(0, 500)}`);
  return result.data;
};

const expectEqual = (what: string, actual: unknown, expected: unknown): void => {
  if (actual !== expected) throw new Error(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
};

/** A warm-up, then `requests` sequential requests, each timed and checked. */
const measure = async (api: Api, read: Read, requests: number): Promise<ReadFigures> => {
  const warmup = Math.min(20, Math.max(5, Math.round(requests / 10)));
  const samples: number[] = [];
  for (let attempt = 0; attempt < warmup + requests; attempt++) {
    const started = performance.now();
    const response = await api(read.path);
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${read.name}: ${response.status} ${response.text.slice(0, 500)}`);
    read.check(response.body);
    if (attempt >= warmup) samples.push(elapsed);
  }
  const p99 = percentile(samples, 99);
  return {
    name: read.name,
    path: read.path,
    p50_ms: round(percentile(samples, 50), 1),
    p99_ms: round(p99, 1),
    max_ms: round(Math.max(...samples), 1),
    met: p99 < TARGET_P99_MS,
  };
};

let platform: Promise<TestPlatform> | undefined;
let scratch: string | undefined;

const main = async (): Promise<void> => {
  const flags = readFlags();
  const year = dataYear();
  const labels = periodLabels(year.days);
  progress('starting catalogue, royalties, analytics and gateway on an isolated database and subject prefix');
  platform = startPlatform({ analytics: true, royalties: true, env: { SV_RATE_LIMIT_MULTIPLIER: RATE_LIMIT_MULTIPLIER } });
  const running = await platform;

  progress(`creating ${flags.tenants} tenants`);
  const bare: Omit<Tenant, 'releases' | 'tracks'>[] = [];
  await inParallel(
    Array.from({ length: flags.tenants }, (_, index) => index),
    ADMIN_CONCURRENCY,
    async (index) => {
      bare[index] = await createTenant(running, index);
    },
  );
  const ownerKey = (await running.adminOk('key', 'create', '--tenant', bare[0]!.slug, '--role', 'owner')).key as string;
  const owner = apiClient(running.baseUrl, ownerKey);
  const tenants: Tenant[] = [];
  for (const [index, tenant] of bare.entries()) {
    const releases = index === 0 ? MEASURED_RELEASES : OTHER_RELEASES;
    progress(`tenant ${tenant.slug}: ${releases} releases of ${TRACKS_PER_RELEASE} tracks`);
    tenants.push(await seedCatalogue(tenant, releases));
  }
  const measured = tenants[0]!;

  const client = new pg.Client({ connectionString: running.db.url });
  await client.connect();
  try {
    for (const [index, tenant] of tenants.entries()) {
      const rows = index === 0 ? flags.snapshots : Math.round(flags.snapshots / 10);
      progress(`tenant ${tenant.slug}: ${rows} snapshot rows`);
      await insertSnapshots(client, tenant, rows, labels);
    }
    const { rows: counted } = await client.query<{ count: number }>(`select count(*)::int as "count" from "analytics"."report_snapshot" where "tenant_id" = $1`, [measured.id]);
    expectEqual('snapshot rows of the measured tenant', counted[0]?.count, flags.snapshots);
  } finally {
    await client.end();
  }

  scratch = await mkdtemp(join(tmpdir(), 'sv-bench-analytics-'));
  const others = tenants.slice(1, 1 + STREAMING_OTHERS);
  for (const [index, tenant] of others.entries()) {
    const rows = Math.round(flags.rows / 10);
    progress(`tenant ${tenant.slug}: loading a streams file of ${rows} rows`);
    const file = await writeStreamFile(join(scratch, `${tenant.slug}.csv`), rows, STREAM_STORES[(index + 1) % STREAM_STORES.length]!, year.days, tenant.tracks, unmatchedRecordings(index + 1, tenant.tracks.length));
    await loadStreamFile(running, tenant, file, rows);
    await rm(file.path);
  }
  progress(`writing the measured tenant's streams file of ${flags.rows} rows`);
  const file = await writeStreamFile(join(scratch, 'streams.csv'), flags.rows, STREAM_STORES[0]!, year.days, measured.tracks, unmatchedRecordings(0, measured.tracks.length));
  progress(`loading it (${round(file.bytes / 1024 / 1024, 1)} MB)`);
  const loadSeconds = await loadStreamFile(running, measured, file, flags.rows);
  await rm(file.path);

  const today = isoDay(Date.now());
  const reportDefaultFrom = isoDay(Date.parse(`${today}T00:00:00Z`) - REPORT_DEFAULT_DAYS * DAY_MS);
  const after = new pg.Client({ connectionString: running.db.url });
  await after.connect();
  const snapshotStreams = async (from: string, to: string): Promise<number> => {
    const { rows } = await after.query<{ streams: string }>(
      `select coalesce(sum("streams"), 0)::text as "streams" from "analytics"."report_snapshot" where "tenant_id" = $1 and "period_start" between $2 and $3`,
      [measured.id, from, to],
    );
    return Number(rows[0]!.streams);
  };
  let yearSnapshots: number;
  let defaultSnapshots: number;
  try {
    // The state autovacuum leaves shortly after: fresh statistics and visibility maps.
    progress('vacuum analyze of the analytics tables');
    const reportRollups = ['report_total', 'report_release', 'report_store', 'report_territory'].flatMap((rollup) => [`${rollup}_day`, `${rollup}_month`]);
    const streamTables = ['report_file', 'report_match', 'stream_row', 'stream_day', 'stream_recording_day', 'stream_recording_month', 'stream_window', 'stream_window_territory', 'stream_window_store'];
    for (const table of ['report_snapshot', 'royalty_fact', ...reportRollups, ...streamTables]) {
      await after.query(`vacuum analyze "analytics"."${table}"`);
    }
    yearSnapshots = await snapshotStreams(year.from, year.to);
    defaultSnapshots = await snapshotStreams(reportDefaultFrom, today);
  } finally {
    await after.end();
  }
  const fileStreamsBetween = (from: string, to: string): number =>
    [...file.byDay].filter(([day]) => day >= from && day <= to).reduce((sum, [, streams]) => sum + streams, 0);
  const catalogueTracks = measured.tracks.length;
  const releaseIds = new Set(measured.releases.map((release) => release.id));
  const range = `from=${year.from}&to=${year.to}`;

  const overviewCheck = (expected: number) => (body: unknown) => {
    const data = parsed(AnalyticsOverviewReply, body, 'overview').data;
    expectEqual('overview total_streams', data.total_streams, expected);
    if (!data.top_release || !releaseIds.has(data.top_release.uuid) || !data.top_dsp || !data.top_territory) throw new Error(`overview: no top release, store or territory: ${JSON.stringify(data)}`);
  };
  const timeSeriesCheck = (expected: number, months: number) => (body: unknown) => {
    const series = parsed(AnalyticsTimeSeriesReply, body, 'time-series').data.time_series;
    expectEqual('time-series months', series.length, months);
    expectEqual('time-series total', series.reduce((sum, month) => sum + month.streams, 0), expected);
  };
  const summaryCheck = (body: unknown) => {
    const data = parsed(StreamingSummaryReply, body, 'streaming/summary').data;
    expectEqual('streaming/summary streams', data.streams, fileStreamsBetween(data.period.from, data.period.to));
    if (data.streams === 0 || data.days_reported === 0) throw new Error(`streaming/summary: nothing reported: ${JSON.stringify(data)}`);
    expectEqual('streaming/summary catalogue tracks', data.catalogue.tracks, catalogueTracks);
  };
  const tracksCheck = (limit: number) => (body: unknown) => {
    const tracks = parsed(StreamingTracksReply, body, 'streaming/tracks').data.tracks;
    expectEqual('streaming/tracks rows', tracks.length, limit);
    tracks.forEach((track, index) => {
      if (track.streams <= 0 || (index > 0 && track.streams > tracks[index - 1]!.streams)) throw new Error(`streaming/tracks: not ranked by streams: ${JSON.stringify(tracks.slice(0, 5))}`);
    });
  };
  const marketsCheck = (limit: number) => (body: unknown) => {
    const markets = parsed(StreamingMarketsReply, body, 'streaming/markets').data.markets;
    expectEqual('streaming/markets rows', markets.length, Math.min(limit, TERRITORY_COUNT));
    const total = markets.reduce((sum, market) => sum + market.streams, 0);
    if (limit >= TERRITORY_COUNT) expectEqual('streaming/markets total', total, file.streams);
    else if (total <= 0 || total > file.streams) throw new Error(`streaming/markets: implausible total ${total} of ${file.streams}`);
  };
  const monthsBetween = (from: string, to: string): number =>
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

  const reads: Read[] = [
    { name: 'streaming/summary (year)', path: `/v1/analytics/streaming/summary?${range}`, check: summaryCheck },
    { name: 'streaming/summary (default 90 days)', path: '/v1/analytics/streaming/summary', check: summaryCheck },
    { name: 'streaming/tracks (year)', path: `/v1/analytics/streaming/tracks?${range}`, check: tracksCheck(25) },
    { name: 'streaming/tracks (default 90 days)', path: '/v1/analytics/streaming/tracks', check: tracksCheck(25) },
    { name: 'streaming/markets (default, 25)', path: '/v1/analytics/streaming/markets', check: marketsCheck(25) },
    { name: 'streaming/markets (limit 250)', path: '/v1/analytics/streaming/markets?limit=250', check: marketsCheck(250) },
    { name: 'overview (year)', path: `/v1/analytics/overview?${range}`, check: overviewCheck(yearSnapshots) },
    { name: 'overview (default 30 days)', path: '/v1/analytics/overview', check: overviewCheck(defaultSnapshots) },
    { name: 'time-series (year)', path: `/v1/analytics/time-series?${range}`, check: timeSeriesCheck(yearSnapshots, monthsBetween(year.from, year.to)) },
    { name: 'time-series (default 30 days)', path: '/v1/analytics/time-series', check: timeSeriesCheck(defaultSnapshots, monthsBetween(reportDefaultFrom, today)) },
  ];
  const figures: ReadFigures[] = [];
  for (const read of reads) {
    progress(`${read.name}: ${flags.requests} requests`);
    figures.push(await measure(owner, read, flags.requests));
  }

  const load = {
    rows: flags.rows,
    file_mb: round(file.bytes / 1024 / 1024, 1),
    seconds: round(loadSeconds, 2),
    rows_per_second: Math.round(flags.rows / loadSeconds),
  };
  const missed = figures.filter((read) => !read.met);
  const width = Math.max(...figures.map((read) => read.name.length)) + 2;
  const cell = (value: number | string, size = 9): string => String(value).padStart(size);
  process.stdout.write(
    [
      `analytics: ${flags.tenants} tenants; the measured one has ${flags.snapshots} snapshot rows, ${flags.rows} stream rows, ${MEASURED_RELEASES} releases of ${TRACKS_PER_RELEASE} tracks; ` +
        `${flags.requests} sequential requests per read after a warm-up, Node ${process.version}, ${cpus().length} CPUs`,
      `streams load (analytics load)   ${load.rows} rows, ${load.file_mb} MB: ${load.seconds} s, ${load.rows_per_second} rows/s`,
      '',
      `${'read'.padEnd(width)}${cell('p50 ms')}${cell('p99 ms')}${cell('max ms')}  p99 < ${TARGET_P99_MS} ms`,
      ...figures.map((read) => `${read.name.padEnd(width)}${cell(read.p50_ms)}${cell(read.p99_ms)}${cell(read.max_ms)}  ${read.met ? 'yes' : 'no'}`),
      '',
      missed.length === 0 ? `target (p99 < ${TARGET_P99_MS} ms on every read): met` : `target (p99 < ${TARGET_P99_MS} ms on every read): missed by ${missed.map((read) => read.name).join(', ')}`,
      JSON.stringify({
        bench: 'analytics',
        tenants: flags.tenants,
        snapshots: flags.snapshots,
        stream_rows: flags.rows,
        requests: flags.requests,
        year: { from: year.from, to: year.to },
        load,
        reads: Object.fromEntries(figures.map((read) => [read.name, { p50_ms: read.p50_ms, p99_ms: read.p99_ms, max_ms: read.max_ms, met: read.met }])),
        target_met: missed.length === 0,
      }),
      '',
    ].join('\n'),
  );
};

const exitAfterCleanup = async (code: number): Promise<never> => {
  if (scratch) await rm(scratch, { recursive: true, force: true }).catch(() => undefined);
  const stopped = platform?.then((started) => started.stop()).catch((error: unknown) => progress(`clean-up failed: ${(error as Error).message}`));
  await Promise.race([stopped, sleep(60_000, undefined, { ref: false })]);
  process.exit(code);
};

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping`);
    void exitAfterCleanup(signal === 'SIGINT' ? 130 : 143);
  });
}
main().then(
  () => exitAfterCleanup(0),
  (error: unknown) => {
    progress(`failed: ${(error as Error).message ?? String(error)}`);
    return exitAfterCleanup(1);
  },
);
