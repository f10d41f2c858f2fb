/**
 * A small reader of ISO base media files (MP4, QuickTime MOV): just enough of the box tree to
 * tell the container, the picture size and the duration. Pure: bytes in, facts out.
 *
 * Layout read: top-level `ftyp` (major brand) and `moov`; in `moov`, `mvhd` (timescale,
 * duration) and each `trak` with `tkhd` (width and height as 16.16 fixed point, and the
 * display matrix) and `mdia` with `hdlr` (handler type, `vide` for pictures) and `mdhd`.
 */

export interface MovieInfo {
  /** `mov` when the major brand is QuickTime's (`qt  `) or there is no `ftyp`; else `mp4`. */
  container: 'mp4' | 'mov';
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

interface Box {
  type: string;
  /** Offset of the body (after the header) and of the first byte after the box. */
  bodyStart: number;
  end: number;
}

/** Boxes that may open an ISO base media or QuickTime file. */
const LEADING_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot', 'uuid']);

const isBoxType = (bytes: Buffer, at: number): boolean => {
  for (let i = at; i < at + 4; i++) {
    const byte = bytes[i] ?? 0;
    if (byte < 0x20 || byte > 0x7e) return byte === 0xa9; // '©' opens QuickTime metadata names
  }
  return true;
};

/** The boxes directly inside [start, end); stops at the first malformed header. */
const childBoxes = (bytes: Buffer, start: number, end: number): Box[] => {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (!isBoxType(bytes, at + 4)) break;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) break;
    boxes.push({ type, bodyStart: at + header, end: at + size });
    at += size;
  }
  return boxes;
};

const child = (bytes: Buffer, parent: Box, type: string): Box | undefined =>
  childBoxes(bytes, parent.bodyStart, parent.end).find((box) => box.type === type);

/** Timescale and duration of an `mvhd` or `mdhd` (same layout up to the duration). */
const timing = (bytes: Buffer, box: Box): { timescale: number; duration: number } | undefined => {
  const version = bytes[box.bodyStart];
  const at = box.bodyStart + 4;
  if (version === 1) {
    if (at + 28 > box.end) return undefined;
    return { timescale: bytes.readUInt32BE(at + 16), duration: Number(bytes.readBigUInt64BE(at + 20)) };
  }
  if (at + 16 > box.end) return undefined;
  const duration = bytes.readUInt32BE(at + 12);
  // All ones is "unknown" in a version-0 header.
  return { timescale: bytes.readUInt32BE(at + 8), duration: duration === 0xffffffff ? 0 : duration };
};

const toMs = (time: { timescale: number; duration: number } | undefined): number | null =>
  time && time.timescale > 0 && time.duration > 0 ? Math.round((time.duration * 1000) / time.timescale) : null;

/** Presentation width and height of a `tkhd`, swapped when its matrix turns the picture a quarter. */
const trackSize = (bytes: Buffer, box: Box): { width: number; height: number } | undefined => {
  const version = bytes[box.bodyStart];
  // version/flags 4, times and ids (v0: 20 bytes, v1: 32), reserved 8, layer/group/volume/reserved 8.
  const matrixAt = box.bodyStart + 4 + (version === 1 ? 32 : 20) + 16;
  const sizeAt = matrixAt + 36;
  if (sizeAt + 8 > box.end) return undefined;
  const width = Math.round(bytes.readUInt32BE(sizeAt) / 65536);
  const height = Math.round(bytes.readUInt32BE(sizeAt + 4) / 65536);
  const [a, b, , c, d] = [0, 4, 8, 12, 16].map((offset) => bytes.readInt32BE(matrixAt + offset));
  const quarterTurn = a === 0 && d === 0 && Math.abs(b ?? 0) === 65536 && Math.abs(c ?? 0) === 65536;
  return quarterTurn ? { width: height, height: width } : { width, height };
};

interface TrackFacts {
  handler: string | undefined;
  size: { width: number; height: number } | undefined;
  durationMs: number | null;
}

const trackFacts = (bytes: Buffer, trak: Box): TrackFacts => {
  const tkhd = child(bytes, trak, 'tkhd');
  const mdia = child(bytes, trak, 'mdia');
  const hdlr = mdia ? child(bytes, mdia, 'hdlr') : undefined;
  const mdhd = mdia ? child(bytes, mdia, 'mdhd') : undefined;
  return {
    handler: hdlr && hdlr.bodyStart + 12 <= hdlr.end ? bytes.toString('latin1', hdlr.bodyStart + 8, hdlr.bodyStart + 12) : undefined,
    size: tkhd ? trackSize(bytes, tkhd) : undefined,
    durationMs: mdhd ? toMs(timing(bytes, mdhd)) : null,
  };
};

/** Facts of a `moov` box body (the bytes after its 8- or 16-byte header). */
export const readMovieBox = (moovBody: Buffer, container: MovieInfo['container']): MovieInfo => {
  const moov: Box = { type: 'moov', bodyStart: 0, end: moovBody.length };
  const boxes = childBoxes(moovBody, moov.bodyStart, moov.end);
  const mvhd = boxes.find((box) => box.type === 'mvhd');
  const tracks = boxes.filter((box) => box.type === 'trak').map((trak) => trackFacts(moovBody, trak));
  const picture =
    tracks.find((track) => track.handler === 'vide' && track.size && track.size.width > 0) ??
    tracks.find((track) => track.size && track.size.width > 0 && track.size.height > 0);
  return {
    container,
    width: picture?.size?.width || null,
    height: picture?.size?.height || null,
    durationMs: (mvhd ? toMs(timing(moovBody, mvhd)) : null) ?? picture?.durationMs ?? null,
  };
};

export interface MovieHeader {
  /** The major brand of `ftyp`, undefined when the file has none (older QuickTime). */
  majorBrand: string | undefined;
  moovBody: Buffer;
}

export class NotIsoMediaError extends Error {
  override name = 'NotIsoMediaError';
}

/**
 * Walks the top-level boxes of a file given as a stream of chunks, keeping only `ftyp` and
 * `moov` and skipping everything else (the media data may be gigabytes). Stops as soon as
 * `moov` has been read. Throws NotIsoMediaError when the bytes are not an ISO base media file
 * or hold no `moov`, or when `moov` is larger than `maxMoovBytes`.
 */
export const readMovieHeader = async (chunks: AsyncIterable<Buffer | Uint8Array>, maxMoovBytes: number): Promise<MovieHeader> => {
  let pending: Buffer = Buffer.alloc(0);
  let skip = 0;
  let first = true;
  let majorBrand: string | undefined;
  for await (const raw of chunks) {
    let chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    if (skip > 0) {
      const skipped = Math.min(skip, chunk.length);
      skip -= skipped;
      chunk = chunk.subarray(skipped);
      if (chunk.length === 0) continue;
    }
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (pending.length < 8) break;
      let size = pending.readUInt32BE(0);
      let header = 8;
      if (!isBoxType(pending, 4)) throw new NotIsoMediaError('not a box header');
      const type = pending.toString('latin1', 4, 8);
      if (first && !LEADING_BOXES.has(type)) throw new NotIsoMediaError(`unexpected first box ${type}`);
      first = false;
      if (size === 1) {
        if (pending.length < 16) break;
        size = Number(pending.readBigUInt64BE(8));
        header = 16;
      }
      const wanted = type === 'ftyp' || type === 'moov';
      if (size === 0) {
        // "To the end of the file": only a last box may say so; nothing after it to skip to.
        if (!wanted) throw new NotIsoMediaError('no moov before an open-ended box');
        size = Number.POSITIVE_INFINITY;
      }
      if (size < header) throw new NotIsoMediaError('box smaller than its header');
      if (wanted) {
        if (size > maxMoovBytes) throw new NotIsoMediaError(`${type} larger than ${maxMoovBytes} bytes`);
        if (pending.length < size) break;
        const body = pending.subarray(header, size);
        if (type === 'moov') return { majorBrand, moovBody: Buffer.from(body) };
        majorBrand = body.length >= 4 ? body.toString('latin1', 0, 4) : undefined;
        pending = pending.subarray(size);
        continue;
      }
      if (pending.length >= size) {
        pending = pending.subarray(size);
      } else {
        skip = size - pending.length;
        pending = Buffer.alloc(0);
        break;
      }
    }
  }
  // An open-ended moov (size 0) runs to the end of the file, which has now come.
  if (pending.length >= 8 && pending.readUInt32BE(0) === 0 && pending.toString('latin1', 4, 8) === 'moov') {
    return { majorBrand, moovBody: Buffer.from(pending.subarray(8)) };
  }
  throw new NotIsoMediaError(first ? 'empty file' : 'no moov box');
};

/** The container named by an `ftyp` major brand. */
export const containerOfBrand = (majorBrand: string | undefined): MovieInfo['container'] =>
  majorBrand === undefined || majorBrand === 'qt  ' ? 'mov' : 'mp4';

/** Reads container, size and duration of an ISO base media file given as chunks. */
export const readMovieInfo = async (chunks: AsyncIterable<Buffer | Uint8Array>, maxMoovBytes: number): Promise<MovieInfo> => {
  const header = await readMovieHeader(chunks, maxMoovBytes);
  return readMovieBox(header.moovBody, containerOfBrand(header.majorBrand));
};

/** True when `bytes` opens like an ISO base media file (a plausible first box). */
export const looksLikeIsoMedia = (bytes: Buffer): boolean =>
  bytes.length >= 8 && isBoxType(bytes, 4) && LEADING_BOXES.has(bytes.toString('latin1', 4, 8));
