import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { SNIFF_SAMPLE_BYTES, sniffStream } from '@sv/platform';
import { canonicalDetectedMime, sniffedKindOf } from '../src/app/routing/upload-kinds.ts';
import { imageOf, mp3, padded, text, wav } from './upload-sniffing.fixtures.ts';

/** A source handing out `bytes` in small chunks, as a socket would, that tells whether it was read to its end. */
const sourceOf = (bytes: Buffer, chunk = 1000) => {
  let offset = 0;
  const source = new Readable({
    read() {
      if (offset >= bytes.length) return void this.push(null);
      this.push(bytes.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
  return source;
};

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('sniffStream', () => {
  it('names a small file by its bytes and hands back all of it', async () => {
    const png = await imageOf('png');
    const sniffed = await sniffStream(sourceOf(png, 50));
    expect(sniffed.mime).toBe('image/png');
    expect(sniffed.sampledBytes).toBe(png.length);
    expect((await readAll(sniffed.stream)).equals(png)).toBe(true);
  });

  it('decides a large file from its first bytes only, and hands back every byte in order', async () => {
    const file = Buffer.concat([wav(100), randomBytes(5 * 1024 * 1024)]);
    const source = sourceOf(file, 16 * 1024);
    const sniffed = await sniffStream(source);
    expect(sniffed.mime).toBe('audio/wav');
    expect(sniffed.sampledBytes).toBeGreaterThanOrEqual(SNIFF_SAMPLE_BYTES);
    expect(sniffed.sampledBytes).toBeLessThan(SNIFF_SAMPLE_BYTES + 16 * 1024);
    expect(source.readableEnded).toBe(false); // nothing past the sample was read yet
    expect((await readAll(sniffed.stream)).equals(file)).toBe(true);
  });

  it('names nothing for text or an empty file', async () => {
    expect((await sniffStream(sourceOf(text()))).mime).toBeUndefined();
    const empty = await sniffStream(Readable.from([]));
    expect(empty).toEqual(expect.objectContaining({ mime: undefined, sampledBytes: 0 }));
    expect(await readAll(empty.stream)).toEqual(Buffer.alloc(0));
  });

  it('draining the returned stream drains the source', async () => {
    const source = sourceOf(padded(mp3(), 2 * 1024 * 1024));
    const sniffed = await sniffStream(source);
    expect(sniffed.mime).toBe('audio/mpeg');
    const ended = new Promise((resolve) => source.once('end', resolve));
    sniffed.stream.resume();
    await ended;
    expect(source.readableEnded).toBe(true);
  });

  it('fails the returned stream when the source fails after the sample', async () => {
    let sent = 0;
    const source = new Readable({
      read() {
        if (sent >= 200 * 1024) return void this.destroy(new Error('connection reset by peer'));
        this.push(randomBytes(8 * 1024));
        sent += 8 * 1024;
      },
    });
    const sniffed = await sniffStream(source);
    await expect(readAll(sniffed.stream)).rejects.toThrow('connection reset by peer');
  });
});

describe('upload kinds', () => {
  it('takes an animated PNG as a PNG and an M4V as an MP4', () => {
    expect(canonicalDetectedMime('image/apng')).toBe('image/png');
    expect(canonicalDetectedMime('video/x-m4v')).toBe('video/mp4');
    expect(canonicalDetectedMime('audio/wav')).toBe('audio/wav');
  });

  it('finds the family of a signed type', () => {
    expect(sniffedKindOf('image/jpeg')?.mimeTypes).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/tiff']);
    expect(sniffedKindOf('audio/wav')?.label).toBe('audio');
    expect(sniffedKindOf('text/csv')).toBeUndefined();
  });
});
