import { Readable } from 'node:stream';
import { LONGEST_LINE, MOST_CELLS, openDsrReport, ReportFileError } from '../src/index.ts';
import { fixture, refusalOf } from './support/read-dsr.ts';

const lineOf = (text: string, prefix: string): number => text.split('\n').findIndex((line) => line.startsWith(prefix)) + 1;

describe('DSR files refused', () => {
  it('refuses a profile it does not know, naming it and the record types the file holds', async () => {
    const error = await refusalOf(fixture('unknown-profile.tsv'));
    expect([error.line, error.column, error.field]).toEqual([1, 3, 'Profile']);
    expect(error.reason).toBe(
      'the profile "RadioBroadcastProfile" version "1.0" is not one this reader knows ' +
        '(BasicAudioProfile, UGCProfile, AudioVisualProfile, FinancialReportingToRecordCompaniesProfileSRB, versions 1.x); ' +
        'the file holds HEAD 1, SY07 1, BR01 2, FOOT 1',
    );
  });

  it('refuses a file whose usage records are all of a type its profile is not read through, never reading it as empty', async () => {
    const error = await refusalOf(fixture('unread-usages.tsv'));
    expect(error.line).toBeNull();
    expect(error.message).toBe(
      'the BasicAudioProfile 1.2 file yields no usage rows: it holds HEAD 1, SY02.02 1, AS01.01 1, SU04.01 2, FOOT 1, and its usages are read from SU01, SU02 records',
    );
  });

  it('refuses a footer whose counts differ from the file, naming the count', async () => {
    const text = fixture('ugc.tsv').replace(/^FOOT\t23\t/m, 'FOOT\t22\t');
    const error = await refusalOf(text);
    expect(error.message).toBe(`line ${lineOf(text, 'FOOT')}, column 2 (NumberOfLinesInFile): says 22, but the file holds 23 lines`);
    const blocks = await refusalOf(fixture('ugc.tsv').replace(/^(FOOT\t23\t23\t2\t)2/m, '$13'));
    expect(blocks.reason).toBe('says 3, but the file holds 2 blocks');
  });

  it('refuses a file cut short (no footer), naming the line after its last', async () => {
    const text = fixture('basic-audio.tsv').replace(/^FOOT.*\n/m, '');
    const error = await refusalOf(text);
    expect([error.line, error.reason]).toEqual([text.trimEnd().split('\n').length + 1, 'the file ends without its FOOT record: it was cut short']);
  });

  it('refuses a file that does not start with HEAD, and records after the footer', async () => {
    expect((await refusalOf('SY02.02\tS1\n')).message).toBe('line 1, column 1 (RecordType): a DSR flat file starts with its HEAD record');
    const after = await refusalOf(`${fixture('basic-audio.tsv')}SU02\tB1\tS2\tT9\t\tA1\ttrue\t1\n`);
    expect([after.line, after.reason]).toEqual([19, 'no record may follow the FOOT record']);
  });

  it('names the line and column of a bad cell', async () => {
    const text = fixture('basic-audio.tsv').replace('\tT4\t\tA2\ttrue\t25', '\tT4\t\tA2\ttrue\ttwenty-five');
    const error = await refusalOf(text);
    expect(error.message).toBe(`line ${lineOf(text, 'SU02\tB1\tS2\tT4')}, column 8 (NumberOfStreams): must be a whole number of zero or more (got "twenty-five")`);
    const unknownSummary = await refusalOf(fixture('basic-audio.tsv').replace('SU02\tB1\tS2\tT3', 'SU02\tB1\tS9\tT3'));
    expect([unknownSummary.column, unknownSummary.reason]).toEqual([3, 'names no summary record of this file ("S9")']);
    const currency = await refusalOf(fixture('ugc.tsv').replace('\tEUR\t', '\tEURO\t'));
    expect([currency.column, currency.field]).toEqual([11, 'Currency']);
    const ru01 = await refusalOf(fixture('ugc.tsv').replace('1200|300|45', '1200|300'));
    expect(ru01.reason).toBe('has 2 values for the 3 releases of DspReleaseId');
  });

  it('refuses a bad territory, a bad ISRC, a dangling resource reference and a period that ends before it starts', async () => {
    const territory = await refusalOf(fixture('basic-audio.tsv').replace('\tGB\tPremium', '\tXX\tPremium'));
    expect([territory.line, territory.field, territory.reason]).toEqual([4, 'Territory', 'must be an ISO 3166-1 alpha-2 territory code or WW (got "XX")']);
    const isrc = await refusalOf(fixture('basic-audio.tsv').replace('GBABC2600002', 'NOT-AN-ISRC'));
    expect([isrc.line, isrc.column, isrc.field]).toEqual([lineOf(fixture('basic-audio.tsv'), 'AS02.02'), 5, 'ISRC']);
    const dangling = await refusalOf(fixture('basic-audio.tsv').replace('SU02\tB1\tS2\tT4\t\tA2', 'SU02\tB1\tS2\tT4\t\tA9'));
    expect([dangling.field, dangling.reason]).toEqual(['TransactedResource', 'names no resource of this block ("A9")']);
    const reversed = await refusalOf(fixture('basic-audio.tsv').replace('\t2026-11-01\t2026-11-30\t', '\t2026-11-30\t2026-11-01\t'));
    expect(reversed.message).toBe('line 1, column 10 (UsageEndDate): is before the UsageStartDate 2026-11-30');
  });

  it('refuses a record with more cells than its type has', async () => {
    const text = fixture('basic-audio.tsv').replace('SU02\tB1\tS2\tT3\t\tA1\ttrue\t40', 'SU02\tB1\tS2\tT3\t\tA1\ttrue\t40\t\t\tX');
    const error = await refusalOf(text);
    expect(error.message).toBe(`line ${lineOf(text, 'SU02\tB1\tS2\tT3')}, column 11: a SU02 record has at most 10 cells; this one has 11`);
    const wide = await refusalOf(fixture('basic-audio.tsv').replace('MW01.01\tB1\tW1', `MW01.01${'\t'.repeat(MOST_CELLS)}B1\tW1`));
    expect(wide.reason).toBe(`has more than ${MOST_CELLS} cells`);
  });

  it('refuses a line longer than the longest it reads, without reading the rest of it', async () => {
    const head = fixture('basic-audio.tsv').split('\n')[0]!;
    const endless = Readable.from(
      (function* () {
        yield Buffer.from(`${head}\nMW01.01\t`);
        for (let sent = 0; sent <= LONGEST_LINE; sent += 64 * 1024) yield Buffer.from('x'.repeat(64 * 1024));
      })(),
    );
    const error = await openDsrReport(endless)
      .then(async (report) => {
        for await (const _row of report.rows);
      })
      .catch((refusal: unknown) => refusal);
    expect(error).toBeInstanceOf(ReportFileError);
    expect((error as ReportFileError).message).toBe(`line 2: is longer than ${LONGEST_LINE} characters`);
  });

  it('refuses text no database can store, naming its line and cell', async () => {
    const nul = await refusalOf(fixture('basic-audio.tsv').replace('Dawn', 'Da\u0000wn'));
    expect(nul.message).toBe(`line ${lineOf(fixture('basic-audio.tsv'), 'AS01.01')}, column 6: contains a NUL character`);
    // Bytes decode to valid UTF-8 text; a stream of strings (as a caller may hand over) can hold a lone surrogate.
    const text = fixture('ugc.tsv').replace('Ocean Road', 'Ocean \uD800Road');
    const surrogate = await openDsrReport(Readable.from([text])).then(async (report) => {
      for await (const _row of report.rows);
    }).catch((refusal: unknown) => refusal);
    expect(surrogate).toBeInstanceOf(ReportFileError);
    expect((surrogate as ReportFileError).message).toBe(`line ${lineOf(text, 'AS01\t2')}, column 6: contains an unpaired UTF-16 surrogate`);
  });
});
