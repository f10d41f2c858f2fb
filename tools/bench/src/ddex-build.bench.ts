/**
 * DDEX build benchmark: builds the ERN 4.3 NewReleaseMessage of a 20-track album and
 * validates it (XSD plus reference integrity) N times with one validator, compiled once, and
 * prints median, p95 and min milliseconds for build, validate and the two together, plus the
 * one-time schema compile. Pure CPU: no services, no network, no disk after start-up.
 *
 * Every validation must pass, so a broken builder fails loudly instead of producing figures.
 * Exit code 1 when the median total misses the target (TARGET_MEDIAN_TOTAL_MS).
 *
 * stdout carries the table and one JSON line; progress goes to stderr.
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { EffectiveStoreConfig, ReleaseSnapshot, TrackSnapshot } from '@sv/contracts';
import { buildErn43, createErn43Validator, resourceFileNames, type ErnBuildInput } from '@sv/ddex';

/** The delivery path's budget for one release message, built and validated (median). */
const TARGET_MEDIAN_TOTAL_MS = 50;
const TRACKS = 20;
const USAGE = 'usage: node tools/bench/src/ddex-build.bench.ts [--iterations N (200)] [--warmup N (20)]';

interface Options {
  iterations: number;
  warmup: number;
}

const readOptions = (): Options => {
  const { values } = parseArgs({
    options: {
      iterations: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const integer = (name: string, raw: string, min: number, max: number): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}\n${USAGE}`);
    return value;
  };
  return { iterations: integer('iterations', values.iterations, 1, 100_000), warmup: integer('warmup', values.warmup, 0, 10_000) };
};

// ---------------------------------------------------------------------------------------------
// The album: 20 tracks over two discs, credits, localized titles, three deals in two modes.

const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const track = (index: number): TrackSnapshot => ({
  uuid: id(100 + index),
  isrc: `QZBEN25${String(index + 1).padStart(5, '0')}`,
  title: `Track ${index + 1} & "Friends"`,
  title_version: index % 5 === 0 ? 'Extended Mix' : null,
  version_type: index % 5 === 0 ? 'Mix' : null,
  position: (index % 10) + 1,
  disc_number: index < 10 ? 1 : 2,
  explicit: index % 7 === 0,
  duration_seconds: 180 + index,
  language: 'en',
  artist_name: null,
  contributors: [
    { name: 'Ada Writer', role: 'Composer' },
    { name: 'Sam Producer', role: 'Producer' },
    { name: `Session Player ${index % 4}`, role: 'Guitar' },
  ],
  additional_artists: index % 3 === 0 ? [{ name: 'Guest Voice', role: 'featuring' }] : [],
  credits: [{ name: 'Lee Lyricist', role: 'Lyricist' }],
  localized_titles: { ja: `トラック ${index + 1}`, 'pt-BR': `Faixa ${index + 1}` },
  localized_title_versions: {},
  copyright_holder: null,
  copyright_year: null,
  track_properties: [],
  ai_service: null,
  ai_service_other: null,
  ai_elements: [],
  instrumental: false,
  audio: null,
  rights: [],
});

const release: ReleaseSnapshot = {
  uuid: id(1),
  tenant_id: id(2),
  status: 'approved',
  title: 'Benchmark Album',
  type: 'album',
  upc: '0602445000017',
  release_date: '2025-06-06',
  genre: 'Electronic',
  subgenre: 'House',
  language: 'en',
  label: 'Bench Records',
  copyright_year: 2025,
  copyright_holder: 'Bench Records Ltd',
  artist: { uuid: id(3), name: 'The Benchmarks' },
  artwork: { key: 'cover.jpg', url: 'https://cdn.example/cover.jpg', mime_type: 'image/jpeg', size: 2_000_000 },
  localizations: [{ locale: 'ja', title: 'ベンチマーク', title_version: null, label: 'ベンチ・レコード' }],
  rights: [],
  tracks: Array.from({ length: TRACKS }, (_, index) => track(index)),
  updated_at: '2025-05-01T10:00:00.000Z',
};

const store: EffectiveStoreConfig = {
  dsp: { dsp_id: 1, slug: 'bench', name: 'Bench Store', ddex_party_id: 'PADPIDA2009101501Y', ern_version: '4.3', delivery_method: 'sftp', delivery_type: 'batch' },
  status: 'pending',
  is_blocked: false,
  territory_mode: 'exclude',
  territory_codes: ['US'],
  monetization_policy_codes: ['streaming', 'ads', 'download'],
  pricing_tier_code: 'front',
  release_date: '2025-07-04',
  rights: null,
  track_withdrawals: [],
  sources: { territory_mode: 'release', territory_codes: 'release', monetization_policy_codes: 'release', pricing_tier_code: 'release', release_date: 'dsp', rights: 'default', track_withdrawals: 'default' },
  deals: [
    { policy_code: 'streaming', commercial_model_type: 'SubscriptionModel', use_types: ['OnDemandStream', 'NonInteractiveStream'], territory_codes: ['Worldwide'], excluded_territory_codes: ['US'], start_date: '2025-07-04', price_type: null },
    { policy_code: 'ads', commercial_model_type: 'AdvertisementSupportedModel', use_types: ['OnDemandStream'], territory_codes: ['Worldwide'], excluded_territory_codes: ['US'], start_date: '2025-07-04', price_type: null },
    { policy_code: 'download', commercial_model_type: 'PayAsYouGoModel', use_types: ['PermanentDownload'], territory_codes: ['DE', 'FR', 'GB', 'JP'], excluded_territory_codes: [], start_date: '2025-07-04', price_type: 'FRONT' },
  ],
};

const input = (iteration: number): ErnBuildInput => ({
  message_id: `BENCH-${iteration}`,
  created_at: '2025-05-20T12:00:00.000Z',
  control: 'TestMessage',
  kind: 'new',
  sender: { party_id: 'PADPIDA2014120301U', name: 'SV Distribution' },
  sent_on_behalf_of: { party_id: 'PADPIDA2020010101T', name: 'Bench Records' },
  recipient: { party_id: store.dsp.ddex_party_id, name: store.dsp.name },
  release,
  store,
  audio_files: Object.fromEntries(
    release.tracks.map((t, index) => [
      t.uuid,
      {
        file_name: resourceFileNames.audio(release, t, 'flac'),
        md5: index.toString(16).padStart(32, '0'),
        codec: 'flac',
        sample_rate_hz: 44_100,
        bit_depth: 24,
        channels: 2,
        duration_ms: (t.duration_seconds ?? 0) * 1000,
      },
    ]),
  ),
  artwork_file: { file_name: resourceFileNames.artwork(release), md5: 'f'.repeat(32), width: 3000, height: 3000 },
});

// ---------------------------------------------------------------------------------------------

interface Stats {
  median_ms: number;
  p95_ms: number;
  min_ms: number;
}

/** Nearest-rank percentiles of the samples. */
const stats = (samples: number[]): Stats => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
  return { median_ms: round(at(0.5)), p95_ms: round(at(0.95)), min_ms: round(sorted[0] ?? Number.NaN) };
};

const round = (value: number): number => Math.round(value * 1000) / 1000;
const megabytes = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

const main = (): void => {
  const options = readOptions();
  process.stderr.write(`bench: compiling the ERN 4.3 schema\n`);
  const compileStart = performance.now();
  const validator = createErn43Validator();
  const compileMs = round(performance.now() - compileStart);

  const build: number[] = [];
  const validate: number[] = [];
  const total: number[] = [];
  let messageBytes = 0;
  let rssBefore = 0;
  try {
    process.stderr.write(`bench: ${options.warmup} warm-up and ${options.iterations} measured iterations\n`);
    for (let iteration = 0; iteration < options.warmup + options.iterations; iteration += 1) {
      if (iteration === options.warmup) rssBefore = process.memoryUsage().rss;
      const start = performance.now();
      const xml = buildErn43(input(iteration));
      const built = performance.now();
      const result = validator.validate(xml);
      const done = performance.now();
      if (!result.valid) throw new Error(`The benchmark message does not validate:\n${result.errors.slice(0, 10).join('\n')}`);
      if (iteration < options.warmup) continue;
      messageBytes = Buffer.byteLength(xml);
      build.push(built - start);
      validate.push(done - built);
      total.push(done - start);
    }
  } finally {
    validator.dispose();
  }
  const rssGrowth = megabytes(process.memoryUsage().rss - rssBefore);

  const result = { build: stats(build), validate: stats(validate), total: stats(total) };
  const met = result.total.median_ms <= TARGET_MEDIAN_TOTAL_MS;
  const row = (name: string, s: Stats) =>
    `${name.padEnd(10)}${s.median_ms.toFixed(2).padStart(10)}${s.p95_ms.toFixed(2).padStart(10)}${s.min_ms.toFixed(2).padStart(10)}`;
  const lines = [
    `ERN 4.3 build + validate, ${TRACKS}-track album (${Math.round(messageBytes / 1024)} KB message): ${options.iterations} iterations after ${options.warmup} warm-up, Node ${process.version}, ${cpus().length} CPUs`,
    `schema compile (once): ${compileMs.toFixed(1)} ms`,
    '',
    `${'step'.padEnd(10)}${'median ms'.padStart(10)}${'p95 ms'.padStart(10)}${'min ms'.padStart(10)}`,
    row('build', result.build),
    row('validate', result.validate),
    row('total', result.total),
    '',
    `rss growth over the measured iterations: ${rssGrowth} MB`,
    `target (median total <= ${TARGET_MEDIAN_TOTAL_MS} ms): ${met ? 'met' : 'MISSED'}`,
    JSON.stringify({
      benchmark: 'ddex-build',
      tracks: TRACKS,
      message_bytes: messageBytes,
      iterations: options.iterations,
      warmup: options.warmup,
      node: process.version,
      cpus: cpus().length,
      compile_ms: compileMs,
      ...result,
      rss_growth_mb: rssGrowth,
      target_median_total_ms: TARGET_MEDIAN_TOTAL_MS,
      target_met: met,
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!met) process.exitCode = 1;
};

main();
