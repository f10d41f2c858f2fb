import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { openDsrReport, ReportFileError, type UsageRow } from '../../src/index.ts';

const FIXTURES = new URL('../fixtures/', import.meta.url);

export const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

/** Feeds the text in small chunks, as a stream from disk or the blob store would. */
export const streamOf = (text: string): Readable => Readable.from((text.match(/[\s\S]{1,7}/g) ?? []).map((chunk) => Buffer.from(chunk)));

export const readDsr = async (text: string) => {
  const report = await openDsrReport(streamOf(text));
  const rows: UsageRow[] = [];
  for await (const row of report.rows) rows.push(row);
  return { report, rows, facts: report.facts() };
};

export const refusalOf = async (text: string): Promise<ReportFileError> => {
  const outcome = await readDsr(text).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof ReportFileError)) throw new Error(`expected a report file refusal, got ${String(outcome)}`);
  return outcome;
};

/** The sum of a numeric field of the rows of one ISRC. */
export const sumOf = (rows: UsageRow[], isrc: string | null, pick: (row: UsageRow) => number): number =>
  rows.filter((row) => row.isrc === isrc).reduce((sum, row) => sum + pick(row), 0);
