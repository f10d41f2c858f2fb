import sharp from 'sharp';

/*
 * Media files built in code, byte by byte where the format is simple enough: a minimal MP4/MOV
 * (ftyp, moov with mvhd and one video trak, mdat), a WebM header (EBML, Segment with Info and
 * Tracks, one Cluster), an animated GIF made by sharp, and files that are none of these.
 */

const u8 = (value: number) => Buffer.from([value & 0xff]);
const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};
const i32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const u64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
};
const zeros = (length: number) => Buffer.alloc(length);

/** An ISO base media box: 32-bit size, type, body; `large` uses the 64-bit size form. */
const box = (type: string, body: Buffer[], large = false): Buffer => {
  const payload = Buffer.concat(body);
  return large
    ? Buffer.concat([u32(1), Buffer.from(type, 'latin1'), u64(16 + payload.length), payload])
    : Buffer.concat([u32(8 + payload.length), Buffer.from(type, 'latin1'), payload]);
};
const fullBox = (type: string, version: number, flags: number, body: Buffer[]) =>
  box(type, [u8(version), Buffer.from([(flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...body]);

const FIXED_ONE = 0x00010000;
const IDENTITY = [FIXED_ONE, 0, 0, 0, FIXED_ONE, 0, 0, 0, 0x40000000];
/** A quarter turn: the stored picture is shown rotated, width and height swapped. */
const QUARTER_TURN = [0, FIXED_ONE, 0, -FIXED_ONE, 0, 0, 0, 0, 0x40000000];
const matrix = (values: number[]) => Buffer.concat(values.map(i32));

export interface MovieOptions {
  width: number;
  height: number;
  durationMs: number;
  /** ftyp major brand; `qt  ` makes a QuickTime movie. Without ftyp when null. */
  brand?: string | null;
  /** Put the media data before the movie header (as a camera writes it). */
  moovAtEnd?: boolean;
  /** Store the picture turned a quarter (display size is height x width). */
  rotated?: boolean;
  /** Use version-1 headers and a 64-bit box size for moov. */
  version1?: boolean;
  /** Bytes of (meaningless) media data. */
  mediaBytes?: number;
  /** Leave out the video track (a sound-only file). */
  noVideoTrack?: boolean;
}

/** A minimal MP4 (or MOV): ftyp + moov(mvhd, trak(tkhd, mdia(mdhd, hdlr))) + mdat. */
export const movieFixture = (options: MovieOptions): Buffer => {
  const timescale = 600;
  const duration = Math.round((options.durationMs * timescale) / 1000);
  const v1 = options.version1 ?? false;
  const times = (count: number) => (v1 ? [u64(0), u64(0)].slice(0, count) : [u32(0), u32(0)].slice(0, count));
  const mvhd = fullBox('mvhd', v1 ? 1 : 0, 0, [
    ...times(2),
    u32(timescale),
    v1 ? u64(duration) : u32(duration),
    u32(FIXED_ONE),
    u16(0x0100),
    zeros(10),
    matrix(IDENTITY),
    zeros(24),
    u32(2),
  ]);
  const tkhd = fullBox('tkhd', v1 ? 1 : 0, 3, [
    ...times(2),
    u32(1),
    zeros(4),
    v1 ? u64(duration) : u32(duration),
    zeros(8),
    u16(0),
    u16(0),
    u16(0),
    zeros(2),
    matrix(options.rotated ? QUARTER_TURN : IDENTITY),
    u32((options.rotated ? options.height : options.width) * FIXED_ONE),
    u32((options.rotated ? options.width : options.height) * FIXED_ONE),
  ]);
  const mdhd = fullBox('mdhd', 0, 0, [u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0)]);
  const hdlr = (handler: string) =>
    fullBox('hdlr', 0, 0, [u32(0), Buffer.from(handler, 'latin1'), zeros(12), Buffer.from('Handler\0', 'latin1')]);
  const soundTrack = box('trak', [
    fullBox('tkhd', 0, 3, [u32(0), u32(0), u32(2), zeros(4), u32(duration), zeros(8), u16(0), u16(0), u16(0x0100), zeros(2), matrix(IDENTITY), u32(0), u32(0)]),
    box('mdia', [mdhd, hdlr('soun')]),
  ]);
  const videoTrack = box('trak', [tkhd, box('mdia', [mdhd, hdlr('vide')])]);
  const moov = box('moov', [mvhd, soundTrack, ...(options.noVideoTrack ? [] : [videoTrack])], v1);
  const ftyp =
    options.brand === null ? Buffer.alloc(0) : box('ftyp', [Buffer.from(options.brand ?? 'isom', 'latin1'), u32(512), Buffer.from('isomiso2mp41', 'latin1')]);
  const mdat = box('mdat', [Buffer.alloc(options.mediaBytes ?? 1024, 0x5a)]);
  return Buffer.concat(options.moovAtEnd ? [ftyp, box('free', []), mdat, moov] : [ftyp, moov, mdat]);
};

/** An MP4 of the given picture size and duration (the common case). */
export const mp4Fixture = (width: number, height: number, durationMs: number, extra: Partial<MovieOptions> = {}): Buffer =>
  movieFixture({ width, height, durationMs, ...extra });

/** A QuickTime movie (major brand `qt  `). */
export const movFixture = (width: number, height: number, durationMs: number): Buffer =>
  movieFixture({ width, height, durationMs, brand: 'qt  ' });

// EBML: element ids carry their marker bits; sizes are written as 8-byte variable-length integers.
const ebmlId = (id: number): Buffer => {
  const bytes: number[] = [];
  for (let value = id; value > 0; value = Math.floor(value / 256)) bytes.unshift(value & 0xff);
  return Buffer.from(bytes);
};
const ebmlSize = (size: number): Buffer => Buffer.concat([u8(0x01), u64(size).subarray(1)]);
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const element = (id: number, payload: Buffer[], unknownSize = false): Buffer => {
  const body = Buffer.concat(payload);
  return Buffer.concat([ebmlId(id), unknownSize ? UNKNOWN_SIZE : ebmlSize(body.length), body]);
};
const uint = (id: number, value: number): Buffer => {
  const bytes: number[] = [];
  for (let rest = value; rest > 0 || bytes.length === 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return element(id, [Buffer.from(bytes)]);
};
const text = (id: number, value: string) => element(id, [Buffer.from(value, 'latin1')]);
const float64 = (id: number, value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return element(id, [bytes]);
};

export interface WebmOptions {
  width: number;
  height: number;
  durationMs: number;
  docType?: string;
  /** Write the Segment with an unknown size (as live recorders do). */
  unknownSegmentSize?: boolean;
}

/** A WebM file: EBML header, then Segment(Info, Tracks(audio, video), Cluster). */
export const webmFixture = (options: WebmOptions): Buffer => {
  const header = element(0x1a45dfa3, [
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    text(0x4282, options.docType ?? 'webm'),
    uint(0x4287, 4),
    uint(0x4285, 2),
  ]);
  const info = element(0x1549a966, [uint(0x2ad7b1, 1_000_000), float64(0x4489, options.durationMs), text(0x4d80, 'fixtures'), text(0x5741, 'fixtures')]);
  const audio = element(0xae, [uint(0xd7, 1), uint(0x73c5, 1), uint(0x83, 2), text(0x86, 'A_OPUS'), element(0xe1, [float64(0xb5, 48_000), uint(0x9f, 2)])]);
  const video = element(0xae, [
    uint(0xd7, 2),
    uint(0x73c5, 2),
    uint(0x83, 1),
    text(0x86, 'V_VP9'),
    element(0xe0, [uint(0xb0, options.width), uint(0xba, options.height)]),
  ]);
  const tracks = element(0x1654ae6b, [audio, video]);
  const cluster = element(0x1f43b675, [uint(0xe7, 0), element(0xa3, [Buffer.alloc(64, 0x11)])]);
  return Buffer.concat([header, element(0x18538067, [info, tracks, cluster], options.unknownSegmentSize ?? false)]);
};

export interface GifOptions {
  width: number;
  height: number;
  frames: number;
  frameDelayMs: number;
}

/** An animated GIF made by sharp: `frames` frames of distinct greys, each shown `frameDelayMs`. */
export const gifFixture = async (options: GifOptions): Promise<Buffer> => {
  const { width, height, frames } = options;
  const frameBytes = width * height * 3;
  const pixels = Buffer.alloc(frameBytes * frames);
  for (let frame = 0; frame < frames; frame++) pixels.fill((frame * 53) % 256, frame * frameBytes, (frame + 1) * frameBytes);
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array.from({ length: frames }, () => options.frameDelayMs), loop: 0 })
    .toBuffer();
};

/** Bytes that are no media file at all. */
export const brokenFile = (): Buffer => Buffer.from('this is not a video, whatever its name says\n'.repeat(20), 'utf8');

/** An MP4 cut short: the ftyp promises a movie, the moov is cut off in the middle. */
export const truncatedMp4 = (): Buffer => {
  const whole = mp4Fixture(1080, 1920, 5_000);
  return whole.subarray(0, 60);
};

/** A multipart body carrying one file, as a browser or HTTP client would send it. */
export const fileForm = (field: string, bytes: Buffer, type: string, filename: string): FormData => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
};
