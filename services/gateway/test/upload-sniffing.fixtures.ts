import sharp from 'sharp';

/**
 * Small files of each uploaded format, real enough for their first bytes to show their type.
 * Images come from sharp; audio and video headers are written out by hand (no encoder here).
 */

const solid = (width = 64, height = 64) => sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 90 } } });

export const imageOf = (format: 'png' | 'jpeg' | 'webp' | 'tiff' | 'gif', size = 64): Promise<Buffer> => solid(size, size).toFormat(format).toBuffer();

/** `bytes` followed by zeros up to `total` bytes: a file of a chosen size whose first bytes are real. */
export const padded = (bytes: Buffer, total: number): Buffer => {
  const out = Buffer.alloc(Math.max(total, bytes.length));
  bytes.copy(out);
  return out;
};

const chunk = (id: string, body: Buffer, littleEndian: boolean): Buffer => {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  if (littleEndian) header.writeUInt32LE(body.length, 4);
  else header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
};

/** PCM WAV, 16-bit stereo 44.1 kHz, `samples` frames of silence. */
export const wav = (samples = 4410): Buffer => {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(2, 2);
  fmt.writeUInt32LE(44_100, 4);
  fmt.writeUInt32LE(44_100 * 4, 8);
  fmt.writeUInt16LE(4, 12);
  fmt.writeUInt16LE(16, 14);
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), chunk('fmt ', fmt, true), chunk('data', Buffer.alloc(samples * 4), true)]);
  return chunk('RIFF', body, true);
};

/** AIFF, 16-bit stereo, a COMM chunk and an empty sound chunk. */
export const aiff = (): Buffer => {
  const comm = Buffer.alloc(18);
  comm.writeUInt16BE(2, 0);
  comm.writeUInt32BE(0, 2);
  comm.writeUInt16BE(16, 6);
  Buffer.from([0x40, 0x0e, 0xac, 0x44, 0, 0, 0, 0, 0, 0]).copy(comm, 8); // 44100 as 80-bit float
  const body = Buffer.concat([Buffer.from('AIFF', 'latin1'), chunk('COMM', comm, false), chunk('SSND', Buffer.alloc(8), false)]);
  return chunk('FORM', body, false);
};

/** FLAC: the marker and a STREAMINFO block (last metadata block). */
export const flac = (): Buffer => {
  const header = Buffer.from([0x80, 0x00, 0x00, 0x22]);
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), header, Buffer.alloc(34, 0x11)]);
};

/** MP3: MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz), optionally behind an ID3v2 tag. */
export const mp3 = (options: { id3?: boolean; frames?: number } = {}): Buffer => {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x64]).copy(frame);
  const frames = Buffer.concat(Array.from({ length: options.frames ?? 8 }, () => frame));
  if (!options.id3) return frames;
  const tagBody = Buffer.alloc(100);
  const tag = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, tagBody.length]);
  return Buffer.concat([tag, tagBody, frames]);
};

/** AAC in ADTS frames. */
export const aacAdts = (): Buffer => {
  const frame = Buffer.alloc(200);
  Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x19, 0x1f, 0xfc]).copy(frame);
  return Buffer.concat([frame, frame, frame]);
};

/** An ISO base media file: an `ftyp` box with `brand`, then an empty `mdat`. */
export const isoMedia = (brand: string): Buffer => {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand.padEnd(4, ' '), 8, 'latin1');
  ftyp.write('isommp42', 16, 'latin1');
  const mdat = Buffer.alloc(1024);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
};

export const mp4 = (): Buffer => isoMedia('isom');
export const mov = (): Buffer => isoMedia('qt');
export const m4a = (): Buffer => isoMedia('M4A');

/** WebM: an EBML header whose DocType is `webm`, then the start of a Segment. */
export const webm = (): Buffer => {
  const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm', 'latin1')]);
  const version = Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]);
  const body = Buffer.concat([docType, version]);
  const ebml = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([ebml, segment, Buffer.alloc(512)]);
};

export const text = (): Buffer => Buffer.from('Not an image at all, just some words.\n'.repeat(20));
