/**
 * Store reports of a given size over a seeded catalogue, written as they are made (a chunk at a
 * time, never whole in memory): a DDEX DSR Basic Audio Profile flat file, a streams CSV in the
 * platform's layout (analytics) and a sales CSV (finance). Line i names track i mod T, so every
 * track is used and the ISRCs are all the catalogue's.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { finished } from 'node:stream/promises';

/** The catalogue a report names: track k is on release floor(k / tracksPerRelease). */
export interface ReportCatalogue {
  tracks: number;
  tracksPerRelease: number;
  isrc(track: number): string;
  upc(release: number): string;
}

/** Track k of the benches' seeded catalogue: release floor(k / tracksPerRelease), its ISRC and its release's UPC made from the numbers. */
export const seededCatalogue = (tracks: number, tracksPerRelease: number): ReportCatalogue => ({
  tracks,
  tracksPerRelease,
  isrc: (track) => `QZBN1${String(track).padStart(7, '0')}`,
  upc: (release) => `199${String(release).padStart(10, '0')}`,
});

export interface WrittenReport {
  path: string;
  bytes: number;
  /** Usage lines (DSR) or data rows (CSV): what a load must keep. */
  lines: number;
}

const TERRITORIES = ['US', 'GB', 'DE', 'FR', 'JP', 'BR', 'MX', 'CA', 'AU', 'ES', 'IT', 'NL', 'SE', 'NO', 'PL', 'IN', 'KR', 'ZA', 'AR', 'CL'];
const CHUNK_CHARACTERS = 1 << 16;

/** Collects text and writes it in chunks, waiting whenever the file stream is full. */
const chunkedWriter = (path: string) => {
  const out: WriteStream = createWriteStream(path);
  let chunk = '';
  return {
    async write(text: string): Promise<void> {
      chunk += text;
      if (chunk.length < CHUNK_CHARACTERS) return;
      const full = !out.write(chunk);
      chunk = '';
      if (full) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    },
    async close(): Promise<number> {
      out.end(chunk);
      await finished(out);
      return (await stat(path)).size;
    },
  };
};

/** Usages of a line, spread so some recordings are played far more than others. */
const usagesOf = (line: number): number => 1 + ((line * 7_919) % 500);

/** A per-stream revenue of 0.004 in micro-units, written as a decimal of six places. */
const MICROS_PER_USAGE = 4_000n;
const decimalOfMicros = (micros: bigint): string => `${micros / 1_000_000n}.${String(micros % 1_000_000n).padStart(6, '0')}`;

/** The DSR's summary records: every territory, subscription and ad-supported streams. */
const SUMMARY_MODELS = [
  { model: 'SubscriptionModel', service: 'Premium' },
  { model: 'AdvertisementSupportedModel', service: 'Free' },
];
const summaryCount = TERRITORIES.length * SUMMARY_MODELS.length;
const summaryOf = (line: number): number => (line * 7) % summaryCount;

/**
 * A Basic Audio Profile DSR of `lines` usage lines (SU02 streams) for the period of `month`
 * (`YYYY-MM`): HEAD, one SY02.02 per territory and commercial model (its usages and NetRevenue the
 * sum of the usages pointing at it), a block per release (RE01, an AS01.01 per track, then the
 * block's SU02 records), and a FOOT with the file's counts. Usage line i is of track i mod T.
 */
export const writeBasicAudioDsr = async (path: string, options: { lines: number; month: string; currency: string; messageId: string; catalogue: ReportCatalogue }): Promise<WrittenReport> => {
  const { lines, month, currency, messageId, catalogue } = options;
  // Summaries come first, so their totals are counted before anything is written.
  const usagesBySummary = new Array<bigint>(summaryCount).fill(0n);
  for (let line = 0; line < lines; line++) usagesBySummary[summaryOf(line)]! += BigInt(usagesOf(line));
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const out = chunkedWriter(path);
  let written = 0;
  const record = async (...cells: (string | number)[]): Promise<void> => {
    written += 1;
    await out.write(`${cells.join('\t')}\n`);
  };
  await record('HEAD', 'dsrf/1.1.2/1.6/1.2', 'BasicAudioProfile', '1.2', messageId, `${month}-${lastDay}T23:00:00Z`, 1, 1, `${month}-01`, `${month}-${lastDay}`, 'PADPIDA2026BENCHDSP', 'Benchstream', 'Benchstream Music', 'PADPIDA2026BENCHLBL', 'Bench Records');
  for (let summary = 0; summary < summaryCount; summary++) {
    const { model, service } = SUMMARY_MODELS[summary % SUMMARY_MODELS.length]!;
    const usages = usagesBySummary[summary]!;
    await record('SY02.02', `S${summary}`, '', '', model, 'OnDemandStream', TERRITORIES[Math.floor(summary / SUMMARY_MODELS.length)]!, service, String(usages), '', currency, decimalOfMicros(usages * MICROS_PER_USAGE), '', '', '', '', '', '', '', 'Music');
  }
  const releases = Math.ceil(catalogue.tracks / catalogue.tracksPerRelease);
  // Usage line i is of track i mod T: track k has the lines k, k + T, k + 2T, …
  const rounds = Math.ceil(lines / catalogue.tracks);
  for (let release = 0; release < releases; release++) {
    const block = `B${release}`;
    const first = release * catalogue.tracksPerRelease;
    const last = Math.min(catalogue.tracks, first + catalogue.tracksPerRelease);
    await record('RE01', block, 'R0', `DSPREL${release}`, '', `CAT-${release}`, catalogue.upc(release), 'Bench Artist', '', `Bench ${release}`, '', 'Album', 'Bench Records');
    for (let track = first; track < last; track++) {
      await record('AS01.01', block, `A${track - first}`, `DSPRES${track}`, catalogue.isrc(track), `Track ${track}`, '', 'Bench Artist', '', 'PT3M30S', 'SoundRecording');
    }
    for (let round = 0; round < rounds; round++) {
      for (let track = first; track < last; track++) {
        const line = round * catalogue.tracks + track;
        if (line >= lines) break;
        await record('SU02', block, `S${summaryOf(line)}`, `T${line}`, '', `A${track - first}`, 'true', usagesOf(line));
      }
    }
  }
  written += 1;
  await out.write(`FOOT\t${written}\t${written}\t${summaryCount}\t${releases}\t${releases}\n`);
  return { path, bytes: await out.close(), lines };
};

/** A streams CSV (the platform's layout) of `rows` lines of one store over the month's days: row i is of track i mod T. */
export const writeStreamsCsv = async (path: string, options: { rows: number; month: string; store: string; catalogue: ReportCatalogue }): Promise<WrittenReport> => {
  const { rows, month, store, catalogue } = options;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const out = chunkedWriter(path);
  await out.write('date,store,territory,isrc,upc,streams\n');
  for (let row = 0; row < rows; row++) {
    const track = row % catalogue.tracks;
    const day = String(1 + (row % days)).padStart(2, '0');
    const territory = TERRITORIES[Math.floor(row / catalogue.tracks) % TERRITORIES.length]!;
    await out.write(`${month}-${day},${store},${territory},${catalogue.isrc(track)},${catalogue.upc(Math.floor(track / catalogue.tracksPerRelease))},${usagesOf(row)}\n`);
  }
  return { path, bytes: await out.close(), lines: rows };
};

/** A sales CSV (finance's layout) of `rows` lines of one store: row i is of track i mod T, amounts of six decimals. */
export const writeSalesCsv = async (path: string, options: { rows: number; store: string; catalogue: ReportCatalogue }): Promise<WrittenReport> => {
  const { rows, store, catalogue } = options;
  const out = chunkedWriter(path);
  await out.write('isrc,upc,territory,store,units,amount\n');
  for (let row = 0; row < rows; row++) {
    const track = row % catalogue.tracks;
    const usages = usagesOf(row);
    const territory = TERRITORIES[Math.floor(row / catalogue.tracks) % TERRITORIES.length]!;
    await out.write(`${catalogue.isrc(track)},${catalogue.upc(Math.floor(track / catalogue.tracksPerRelease))},${territory},${store},${usages},${decimalOfMicros(BigInt(usages) * MICROS_PER_USAGE)}\n`);
  }
  return { path, bytes: await out.close(), lines: rows };
};
