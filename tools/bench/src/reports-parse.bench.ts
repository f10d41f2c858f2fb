/**
 * The shared report reader (@sv/reports) alone: how many report lines a second it reads, with no
 * service, database or network behind it. Writes three files of --lines lines (default
 * 1,000,000) into a temp dir, over a catalogue of --tracks tracks in releases of 20, as the
 * `reports` benchmark writes them:
 *
 *   dsr       a DDEX DSR Basic Audio Profile flat file (HEAD, SY02 summaries, a block per
 *             release: RE01, AS01 per track, SU02 usages), read with openDsrReport and a
 *             SummaryRevenueShares, as finance reads it (every row given its share);
 *   streams   a streams CSV (the platform's layout), read with openCsvReport, as analytics does;
 *   sales     a sales CSV, read with csvSalesLines and each line checked with checkSalesLine, as
 *             finance does.
 *
 * Each is read end to end, every row consumed, from the file on disk (in the page cache after
 * writing). Per file: lines, MB, seconds, rows/s, MB/s, the process's CPU seconds (user + system)
 * and rows per CPU second (steadier than rows/s on a busy machine), and its resident memory growth
 * (its peak while reading, VmHWM reset just before, minus its RSS before). Every read must hand
 * out every row, else the run fails (exit 1).
 *
 * stdout carries the table and one JSON line; progress goes to stderr.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { checkSalesLine, csvSalesLines, openCsvReport, openDsrReport, SummaryRevenueShares } from '@sv/reports';
import { integerFlag, progress, round } from './bench-figures.ts';
import { seededCatalogue, writeBasicAudioDsr, writeSalesCsv, writeStreamsCsv, type WrittenReport } from './store-report-files.ts';

const TRACKS_PER_RELEASE = 20;
const TARGET_LINES_PER_SECOND = 300_000;
const READS = ['dsr', 'streams', 'sales'] as const;
type ReadName = (typeof READS)[number];
const USAGE = `usage: run.sh reports-parse [--lines N (1000000)] [--tracks N (100000)] [--only ${READS.join(',')}]`;

const readFlags = (): { lines: number; tracks: number; only: ReadName[] } => {
  const { values } = parseArgs({
    options: {
      lines: { type: 'string', default: '1000000' },
      tracks: { type: 'string', default: '100000' },
      only: { type: 'string', default: READS.join(',') },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const only = values.only.split(',').map((name) => name.trim());
  const unknown = only.find((name) => !(READS as readonly string[]).includes(name));
  if (unknown !== undefined) throw new Error(`--only: ${unknown} is not a read\n${USAGE}`);
  return {
    lines: integerFlag('lines', values.lines, 1_000, 10_000_000, USAGE),
    tracks: integerFlag('tracks', values.tracks, TRACKS_PER_RELEASE, 1_000_000, USAGE),
    only: only as ReadName[],
  };
};

/** A full collection before each read, so one read's garbage does not count against the next (gc exposed at run time). */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const memoryKb = (status: string, field: 'VmRSS' | 'VmHWM'): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);

/** This process's resident memory now, with its peak (VmHWM) reset to it (Linux: 5 to clear_refs). */
const resetPeakMemory = async (): Promise<number> => {
  await writeFile('/proc/self/clear_refs', '5');
  return memoryKb(await readFile('/proc/self/status', 'utf8'), 'VmRSS');
};

const peakMemoryKb = async (): Promise<number> => memoryKb(await readFile('/proc/self/status', 'utf8'), 'VmHWM');

/** Reads the file end to end, every row consumed; answers the rows handed out. */
const readers: Record<ReadName, (path: string) => Promise<number>> = {
  dsr: async (path) => {
    const report = await openDsrReport(createReadStream(path), { revenueShares: new SummaryRevenueShares() });
    let rows = 0;
    let shared = 0;
    for await (const row of report.rows) {
      rows += 1;
      if (row.revenueShare !== null) shared += 1;
    }
    if (shared !== rows) throw new Error(`dsr: ${shared} of ${rows} rows were given a revenue share`);
    if (report.facts().rows !== rows) throw new Error(`dsr: the facts count ${report.facts().rows} rows, ${rows} were read`);
    return rows;
  },
  streams: async (path) => {
    const report = await openCsvReport(createReadStream(path));
    if (report.kind !== 'streams') throw new Error(`streams: read as a ${report.kind} report`);
    let rows = 0;
    for await (const record of report.records) if (record.isrc !== null) rows += 1;
    return rows;
  },
  sales: async (path) => {
    let rows = 0;
    for await (const located of csvSalesLines(createReadStream(path))) {
      const check = checkSalesLine(located.raw);
      if (!check.ok) throw new Error(`sales: row ${located.row} refused: ${JSON.stringify(check.errors)}`);
      rows += 1;
    }
    return rows;
  },
};

interface ReadFigures {
  name: ReadName;
  lines: number;
  file_lines: number;
  file_mb: number;
  seconds: number;
  lines_per_second: number;
  mb_per_second: number;
  cpu_seconds: number;
  rows_per_cpu_second: number;
  rss_before_mb: number;
  rss_peak_mb: number;
  rss_growth_mb: number;
}

const measureRead = async (name: ReadName, file: WrittenReport & { fileLines: number }): Promise<ReadFigures> => {
  collect();
  const before = await resetPeakMemory();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const rows = await readers[name](file.path);
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const peak = await peakMemoryKb();
  if (rows !== file.lines) throw new Error(`${name}: ${rows} rows read of the ${file.lines} written`);
  const mb = file.bytes / 1024 / 1024;
  return {
    name,
    lines: rows,
    file_lines: file.fileLines,
    file_mb: round(mb, 1),
    seconds: round(seconds, 2),
    lines_per_second: Math.round(rows / seconds),
    mb_per_second: round(mb / seconds, 1),
    cpu_seconds: round(cpuSeconds, 2),
    rows_per_cpu_second: Math.round(rows / cpuSeconds),
    rss_before_mb: round(before / 1024, 1),
    rss_peak_mb: round(peak / 1024, 1),
    rss_growth_mb: round((peak - before) / 1024, 1),
  };
};

/** Every line of a written file, the DSR's HEAD, summaries, releases, resources and footer too. */
const countLines = async (path: string): Promise<number> => {
  let count = 0;
  for await (const chunk of createReadStream(path)) {
    for (let at = (chunk as Buffer).indexOf(10); at !== -1; at = (chunk as Buffer).indexOf(10, at + 1)) count += 1;
  }
  return count;
};

let scratch: string | undefined;

const main = async (): Promise<void> => {
  const flags = readFlags();
  const catalogue = seededCatalogue(flags.tracks, TRACKS_PER_RELEASE);
  scratch = await mkdtemp(join(tmpdir(), 'sv-bench-reports-parse-'));
  const writers: Record<ReadName, () => Promise<WrittenReport>> = {
    dsr: () => writeBasicAudioDsr(join(scratch!, 'usage.tsv'), { lines: flags.lines, month: '2026-11', currency: 'EUR', messageId: 'MSG-BENCH-PARSE', catalogue }),
    streams: () => writeStreamsCsv(join(scratch!, 'streams.csv'), { rows: flags.lines, month: '2026-10', store: 'Benchtunes', catalogue }),
    sales: () => writeSalesCsv(join(scratch!, 'sales.csv'), { rows: flags.lines, store: 'Benchtunes', catalogue }),
  };
  const figures: ReadFigures[] = [];
  for (const name of flags.only) {
    progress(`${name}: writing ${flags.lines} lines`);
    const written = await writers[name]();
    const file = { ...written, fileLines: await countLines(written.path) };
    progress(`${name}: reading ${file.fileLines} lines, ${round(file.bytes / 1024 / 1024, 1)} MB`);
    figures.push(await measureRead(name, file));
    await rm(written.path);
  }

  const cell = (value: number | string, size = 10): string => String(value).padStart(size);
  const met = (read: ReadFigures) => read.lines_per_second >= TARGET_LINES_PER_SECOND;
  process.stdout.write(
    [
      `reports-parse: ${flags.lines} rows a file over ${flags.tracks} tracks, read through @sv/reports alone; Node ${process.version}, ${cpus().length} CPUs`,
      '',
      `${'read'.padEnd(10)}${cell('rows')}${cell('lines')}${cell('MB', 8)}${cell('seconds')}${cell('rows/s')}${cell('MB/s')}${cell('CPU s')}${cell('rows/CPU s', 12)}${cell('RSS +MB')}  target (>= ${TARGET_LINES_PER_SECOND} rows/s)`,
      ...figures.map(
        (read) =>
          `${read.name.padEnd(10)}${cell(read.lines)}${cell(read.file_lines)}${cell(read.file_mb, 8)}${cell(read.seconds)}${cell(read.lines_per_second)}${cell(read.mb_per_second)}${cell(read.cpu_seconds)}${cell(read.rows_per_cpu_second, 12)}${cell(read.rss_growth_mb)}  ${met(read) ? 'met' : 'missed'}`,
      ),
      '',
      JSON.stringify({ bench: 'reports-parse', lines: flags.lines, tracks: flags.tracks, cpus: cpus().length, node: process.version, reads: figures, targets_met: figures.every(met) }),
      '',
    ].join('\n'),
  );
};

main()
  .catch((error: unknown) => {
    progress(`failed: ${(error as Error).message ?? String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));
