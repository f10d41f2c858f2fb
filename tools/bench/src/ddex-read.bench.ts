/**
 * DDEX read benchmark: what the ingestion service does with every ERN message it receives, on
 * the largest official sample of each version (by file size; the largest of all is one of them).
 * Per sample, after a warm-up, N iterations of each phase, timed separately:
 *
 *   parse     parseErnXml: size and DOCTYPE refusal, well-formedness, the object model
 *   validate  createErnValidator(version).validate: XSD (libxml2) plus reference integrity
 *   read      readErnMessage: all of it (refusal, detection, validation, parse, mapping)
 *
 * and prints median milliseconds, messages/s and MB/s per phase, plus the mapping's share
 * (read less parse and validate). Pure CPU in this process: no services, no network.
 *
 * Every read must be ok and every validation valid, else the run stops with exit code 1.
 * stdout carries the table and one JSON line; progress goes to stderr.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { ERN_VERSIONS, createErnValidator, detectErnMessage, disposeCachedErnValidators, parseErnXml, readErnMessage, type ErnVersion } from '@sv/ddex';
import { integerFlag, median, progress, round } from './bench-figures.ts';

const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const SAMPLE_FOLDERS: Record<ErnVersion, string> = { '4.3': 'ern43', '4.2': 'ern42', '3.8.2': 'ern382' };
const USAGE = 'usage: run.sh ddex-read [--iterations N (50)] [--warmup N (5), at least 1]';

interface Sample {
  version: ErnVersion;
  name: string;
  xml: string;
  bytes: number;
}

interface PhaseFigures {
  median_ms: number;
  messages_per_s: number;
  mb_per_s: number;
}

const readOptions = (): { iterations: number; warmup: number } => {
  const { values } = parseArgs({
    options: { iterations: { type: 'string', default: '50' }, warmup: { type: 'string', default: '5' }, help: { type: 'boolean', default: false } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  // At least one warm-up round: the first read compiles readErnMessage's cached validator, which is not a read's cost.
  return { iterations: integerFlag('iterations', values.iterations, 1, 100_000, USAGE), warmup: integerFlag('warmup', values.warmup, 1, 10_000, USAGE) };
};

const largestSample = (version: ErnVersion): Sample => {
  const folder = new URL(`${SAMPLE_FOLDERS[version]}/`, SAMPLES);
  const [largest] = readdirSync(folder)
    .filter((name) => name.endsWith('.xml'))
    .map((name) => ({ name, size: statSync(new URL(name, folder)).size }))
    .sort((a, b) => b.size - a.size);
  if (!largest) throw new Error(`no sample in ${folder.pathname}`);
  const xml = readFileSync(new URL(largest.name, folder), 'utf8');
  if (detectErnMessage(xml)?.version !== version) throw new Error(`${largest.name} is not an ERN ${version} message`);
  return { version, name: `${SAMPLE_FOLDERS[version]}/${largest.name}`, xml, bytes: Buffer.byteLength(xml) };
};

const megabytes = (bytes: number): number => bytes / 1024 / 1024;

const figuresOf = (samplesMs: number[], bytes: number): PhaseFigures => {
  const ms = median(samplesMs);
  return { median_ms: round(ms), messages_per_s: round(1000 / ms, 1), mb_per_s: round(megabytes(bytes) / (ms / 1000), 2) };
};

/** Warm-up, then the measured rounds; the three phases are interleaved so drift hits them alike. */
const measureSample = (sample: Sample, options: { iterations: number; warmup: number }) => {
  const compileStart = performance.now();
  const validator = createErnValidator(sample.version);
  const compileMs = round(performance.now() - compileStart, 1);
  const times = { parse: [] as number[], validate: [] as number[], read: [] as number[] };
  try {
    for (let iteration = 0; iteration < options.warmup + options.iterations; iteration += 1) {
      const start = performance.now();
      parseErnXml(sample.xml);
      const parsed = performance.now();
      const validation = validator.validate(sample.xml);
      const validated = performance.now();
      const read = readErnMessage(sample.xml);
      const done = performance.now();
      if (!validation.valid) throw new Error(`${sample.name} does not validate:\n${validation.errors.slice(0, 10).join('\n')}`);
      if (!read.ok) throw new Error(`${sample.name} does not read:\n${JSON.stringify(read.errors.slice(0, 10))}`);
      if (iteration < options.warmup) continue;
      times.parse.push(parsed - start);
      times.validate.push(validated - parsed);
      times.read.push(done - validated);
    }
  } finally {
    validator.dispose();
  }
  const phases = { parse: figuresOf(times.parse, sample.bytes), validate: figuresOf(times.validate, sample.bytes), read: figuresOf(times.read, sample.bytes) };
  // Not timed on its own (the mapping is not exported): what the read adds beyond parse and validate.
  const mapMs = round(phases.read.median_ms - phases.parse.median_ms - phases.validate.median_ms);
  return { sample: sample.name, version: sample.version, bytes: sample.bytes, compile_ms: compileMs, ...phases, map_ms: mapMs };
};

type SampleFigures = ReturnType<typeof measureSample>;

const render = (results: SampleFigures[], options: { iterations: number; warmup: number }, largestOfAll: string): string => {
  const row = (cells: string[]) => `${(cells[0] ?? '').padEnd(44)}${(cells[1] ?? '').padEnd(12)}${cells.slice(2).map((cell) => cell.padStart(11)).join('')}`;
  const phaseRow = (name: string, phase: PhaseFigures, label = '') => row([label, name, phase.median_ms.toFixed(2), phase.messages_per_s.toFixed(1), phase.mb_per_s.toFixed(2)]);
  const lines = [
    `ERN read, the largest official sample of each version: ${options.iterations} iterations after ${options.warmup} warm-up, Node ${process.version}, ${cpus().length} CPUs`,
    `largest of all: ${largestOfAll}`,
    '',
    row(['sample', 'phase', 'median ms', 'msg/s', 'MB/s']),
  ];
  for (const result of results) {
    const label = `${result.sample} (${Math.round(result.bytes / 1024)} KB)`;
    lines.push(
      phaseRow('parse', result.parse, label),
      phaseRow('validate', result.validate),
      phaseRow('read', result.read),
      row(['', 'map (rest)', result.map_ms.toFixed(2)]),
      `${''.padEnd(44)}schema compile (once, by createErnValidator): ${result.compile_ms.toFixed(1)} ms`,
    );
  }
  lines.push(
    JSON.stringify({ benchmark: 'ddex-read', iterations: options.iterations, warmup: options.warmup, node: process.version, cpus: cpus().length, largest_of_all: largestOfAll, samples: results }),
  );
  return `${lines.join('\n')}\n`;
};

const main = (): void => {
  const options = readOptions();
  const samples = ERN_VERSIONS.map(largestSample);
  const largestOfAll = samples.reduce((largest, sample) => (sample.bytes > largest.bytes ? sample : largest)).name;
  const results: SampleFigures[] = [];
  try {
    for (const sample of samples) {
      progress(`${sample.name}: ${options.warmup} warm-up and ${options.iterations} measured iterations`);
      results.push(measureSample(sample, options));
    }
  } finally {
    disposeCachedErnValidators();
  }
  process.stdout.write(render(results, options, largestOfAll));
};

try {
  main();
} catch (error) {
  progress(`failed: ${(error as Error).message ?? String(error)}`);
  process.exitCode = 1;
}
