import { PassThrough, type Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/**
 * Bytes read before the type is decided. More than file-type's 4100 so that a typical ID3 tag or
 * a PNG's leading metadata chunks are stepped over; still nothing next to an upload's ceiling.
 */
export const SNIFF_SAMPLE_BYTES = 64 * 1024;

/** What a file's first bytes show, named as file-type names it (`image/png`, `audio/wav`, …). */
export type SniffedMime = string | undefined;

/** The name a refusal gives bytes that show no type at all. */
export const UNRECOGNISED_MIME = 'application/octet-stream';

const TIFF_LITTLE_ENDIAN = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BIG_ENDIAN = [0x4d, 0x4d, 0x00, 0x2a];

/**
 * A classic TIFF whose first directory lies past the sample. Encoders (libtiff among them) write
 * the directory after the pixels, so only a whole file would show it; file-type itself answers
 * image/tiff for such a header when it reads a stream rather than a sample.
 */
const isTiffWithDirectoryBeyond = (sample: Uint8Array): boolean => {
  if (sample.length < 8) return false;
  const littleEndian = TIFF_LITTLE_ENDIAN.every((byte, index) => sample[index] === byte);
  const bigEndian = TIFF_BIG_ENDIAN.every((byte, index) => sample[index] === byte);
  if (!littleEndian && !bigEndian) return false;
  const view = new DataView(sample.buffer, sample.byteOffset, sample.byteLength);
  return view.getUint32(4, littleEndian) + 2 > sample.length;
};

/**
 * The type `sample` shows. `complete` says whether the sample is the whole file; when it is not,
 * a structure reaching past the sample is judged by what the sample holds.
 */
export const sniffMime = async (sample: Uint8Array, complete: boolean): Promise<SniffedMime> => {
  if (sample.length === 0) return undefined;
  const detected = await fileTypeFromBuffer(sample).catch(() => undefined);
  if (detected) return detected.mime;
  return !complete && isTiffWithDirectoryBeyond(sample) ? 'image/tiff' : undefined;
};

export interface SniffedStream {
  mime: SniffedMime;
  /** Bytes read to decide; 0 means the file is empty. */
  sampledBytes: number;
  /** The whole file again, from its first byte: the sample, then the rest of the source. */
  stream: Readable;
}

/**
 * Reads the first `sampleBytes` of `source` (an HTTP request or a multipart part), decides its type
 * and hands back a stream of the whole file, so a large upload is never held in memory. The
 * returned stream is piped from the source: draining it drains the source, and a source that fails
 * fails it. A parser's `truncated` flag on the source is readable on the returned stream too.
 */
export const sniffStream = async (source: Readable, sampleBytes = SNIFF_SAMPLE_BYTES): Promise<SniffedStream> => {
  const stream = new PassThrough();
  Object.defineProperty(stream, 'truncated', { get: () => (source as Readable & { truncated?: boolean }).truncated });
  // A source failing while nobody reads the returned stream yet must not crash the process: the
  // failure stays on `stream.errored`, which a consumer (the blob stores) checks before reading.
  stream.on('error', () => undefined);
  source.on('error', (error: Error) => stream.destroy(error));

  const chunks: Buffer[] = [];
  let size = 0;
  const ended = await new Promise<boolean>((resolve, reject) => {
    const finish = (result: boolean | Error) => {
      if (result === false) source.pause(); // before the data listener goes, or chunks are lost
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= sampleBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = (error: Error) => finish(error);
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onError);
  });
  const sample = Buffer.concat(chunks);
  const mime = await sniffMime(ended ? sample : sample.subarray(0, sampleBytes), ended);
  if (stream.errored) throw stream.errored;

  if (sample.length > 0) stream.write(sample);
  if (ended) stream.end();
  else source.pipe(stream);
  return { mime, sampledBytes: sample.length, stream };
};
