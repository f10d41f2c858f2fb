import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Images made in code for the artwork, cover-art and artist-image tests. */

/** A solid opaque JPEG of `size`x`size` pixels. */
export const jpegOf = (size: number, colour = '#336699'): Promise<Buffer> =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** A PNG of `size`x`size` that is fully transparent except for a red centre square. */
export const transparentPngOf = async (size: number): Promise<Buffer> => {
  const inner = Math.floor(size / 3);
  const red = await sharp({ create: { width: inner, height: inner, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: red, left: inner, top: inner }])
    .png()
    .toBuffer();
};

/** A JPEG of `size`x`size` pixels of noise: its scan data is as long as the image is big. */
const noisyJpegOf = (size: number): Promise<Buffer> =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg()
    .toBuffer();

/** The first half of a real JPEG: a valid header, then the data stops. */
export const truncatedJpegOf = async (size: number): Promise<Buffer> => {
  const whole = await noisyJpegOf(size);
  return whole.subarray(0, Math.floor(whole.length / 2));
};

/**
 * A real JPEG of `size`x`size` whose header is intact but whose scan data is replaced by text: the
 * decoder reads it to the end, filling the damage in, and reports only a warning.
 */
export const garbageScanJpegOf = async (size: number): Promise<Buffer> => {
  const whole = await noisyJpegOf(size);
  for (let offset = 2; offset + 4 < whole.length && whole[offset] === 0xff; ) {
    const segmentEnd = offset + 2 + whole.readUInt16BE(offset + 2);
    if (whole[offset + 1] === 0xda) {
      const scanLength = whole.length - segmentEnd - 2; // up to the end-of-image marker
      return Buffer.concat([whole.subarray(0, segmentEnd), Buffer.from('garbage '.repeat(Math.ceil(scanLength / 8))), Buffer.from([0xff, 0xd9])]);
    }
    offset = segmentEnd;
  }
  throw new Error('no start-of-scan marker found');
};

const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, checksum]);
};

/**
 * A hand-made PNG whose header claims `width`x`height` RGB pixels but which carries only a few
 * dozen bytes of pixel data: well-formed up to its header, undecodable past it. Refusing it with
 * the size message shows the size came from the header, before any decoding.
 */
export const pngClaiming = (width: number, height: number): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const someRows = deflateSync(Buffer.alloc(Math.min(width * 3 + 1, 65_536))).subarray(0, 64);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', someRows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A small real JPEG whose start-of-frame header is rewritten to claim `width`x`height`. */
export const jpegClaiming = async (width: number, height: number): Promise<Buffer> => {
  const bytes = Buffer.from(await jpegOf(16));
  for (let offset = 2; offset + 9 < bytes.length && bytes[offset] === 0xff; ) {
    const marker = bytes[offset + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) {
      bytes.writeUInt16BE(height, offset + 5);
      bytes.writeUInt16BE(width, offset + 7);
      return bytes;
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  throw new Error('no start-of-frame marker found');
};

/**
 * `length` bytes of noise, the same every run (a fixed-seed generator), starting with no known
 * file signature: bytes in no format at all.
 */
export const noiseBytes = (length: number): Buffer => {
  const bytes = Buffer.alloc(length);
  let state = 0x2545f491;
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
};

/** Plain text, to be sent under an image's name and type. */
export const textBytes = (): Buffer => Buffer.from('This is a note, not a picture.\n'.repeat(20));

/** The colour of the pixel at (x, y) of an image, decoded with sharp. */
export const pixelAt = async (image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> => {
  const { data, info } = await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  expectChannels(info.channels);
  return { r: data[0] ?? -1, g: data[1] ?? -1, b: data[2] ?? -1 };
};

const expectChannels = (channels: number): void => {
  if (channels < 3) throw new Error(`expected a colour image, got ${channels} channel(s)`);
};
