import { Readable } from 'node:stream';
import { missingRequiredColumns, readCsvHeader } from '../src/app/csv/csv-header.ts';

/* What the door reads of an upload: the header row only. */

const headerOf = (...chunks: string[]) => readCsvHeader(Readable.from(chunks.map((chunk) => Buffer.from(chunk))));

describe('readCsvHeader', () => {
  it('reads the first row only, as column names, with or without a byte order mark', async () => {
    expect(await headerOf('\uFEFFTitle,"Track Title",isrc\n', 'a,"unclosed')).toEqual(['title', 'track_title', 'isrc']);
    expect(await headerOf('title,track_title')).toEqual(['title', 'track_title']);
  });

  it('gives nothing for an empty file, a header that is not CSV, or a first row too long to be a header', async () => {
    expect(await headerOf('')).toBeUndefined();
    expect(await headerOf('title,"track_title')).toBeUndefined();
    expect(await headerOf(`title,track_title,${'x'.repeat(70_000)}\n`)).toBeUndefined();
  });

  it('names the required columns a header lacks', () => {
    expect(missingRequiredColumns(['title', 'track_title', 'isrc'])).toEqual([]);
    expect(missingRequiredColumns(['title', 'isrc'])).toEqual(['track_title']);
  });
});
