import { Readable } from 'node:stream';
import { openCsvReport, openDsrReport, type StreamRecord, type UsageRow } from '../src/index.ts';
import { fixture, readDsr, streamOf } from './support/read-dsr.ts';

const batchesOf = async <T>(batches: AsyncIterable<T[]>): Promise<T[][]> => {
  const all: T[][] = [];
  for await (const batch of batches) all.push(batch);
  return all;
};

describe('reading a report a batch at a time', () => {
  it('hands out a DSR’s rows by the stretch of lines read, the same rows in the same order as one at a time', async () => {
    const text = fixture('ugc.tsv');
    const whole = await batchesOf<UsageRow>((await openDsrReport(Readable.from([Buffer.from(text)]))).rowBatches);
    // Read in one piece, the file is one stretch of lines: its four usages come as one batch.
    expect(whole.map((batch) => batch.length)).toEqual([4]);
    // Read seven bytes at a time, a usage whose licensor shares follow it on later lines is still handed out once, whole.
    const pieces = await batchesOf<UsageRow>((await openDsrReport(streamOf(text))).rowBatches);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((batch) => batch.length > 0)).toBe(true);
    const { rows } = await readDsr(text);
    expect(pieces.flat()).toEqual(rows);
    expect(whole.flat()).toEqual(rows);
  });

  it('hands out a CSV’s records by the stretch of lines read, blank lines left out', async () => {
    const lines = ['date,store,territory,isrc,streams', '2026-10-01,Spotify,GB,GBABC2600001,10', '', '2026-10-02,Spotify,GB,GBABC2600001,20', '2026-10-03,Spotify,US,GBABC2600002,5'];
    const text = `${lines.join('\n')}\n`;
    const report = await openCsvReport(Readable.from([Buffer.from(text.slice(0, 75)), Buffer.from(text.slice(75))]));
    const batches = await batchesOf(report.recordBatches as AsyncIterable<StreamRecord[]>);
    // The first piece ends inside line 4: lines 2 (and blank 3) come first, then 4 and 5.
    expect(batches.map((batch) => batch.map((record) => record.line))).toEqual([[2], [4, 5]]);
    expect(batches.flat().map((record) => [record.line, record.day, record.counts.streams])).toEqual([
      [2, '2026-10-01', 10],
      [4, '2026-10-02', 20],
      [5, '2026-10-03', 5],
    ]);
  });
});
