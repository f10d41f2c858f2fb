import { ImageRejectedError, type ImageRejection } from '@sv/platform';
import { inspectImage } from '@sv/platform/images';
import sharp from 'sharp';
import { ARTWORK_MIN_SIDE, convertToJpeg } from '../src/app/artwork/image-pipeline.ts';
import {
  garbageScanJpegOf,
  jpegClaiming,
  jpegOf,
  pixelAt,
  pngClaiming,
  textBytes,
  transparentPngOf,
  truncatedJpegOf,
} from './support/image-fixtures.ts';

/** The rejection an image pipeline call ends in (fails the test when it succeeds). */
const rejectionOf = async (work: Promise<unknown>): Promise<ImageRejection> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof ImageRejectedError) return error.rejection;
    throw error;
  }
  throw new Error('expected the image to be refused');
};

describe('inspectImage (header only)', () => {
  it('reads the type from the bytes and the size from the header', async () => {
    expect(await inspectImage(await jpegOf(40))).toEqual({ mime: 'image/jpeg', width: 40, height: 40 });
    const webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fff' } }).webp().toBuffer();
    expect(await inspectImage(webp)).toEqual({ mime: 'image/webp', width: 30, height: 20 });
    const tiff = await sharp({ create: { width: 12, height: 34, channels: 3, background: '#fff' } }).tiff().toBuffer();
    expect(await inspectImage(tiff)).toEqual({ mime: 'image/tiff', width: 12, height: 34 });
  });

  it.each([
    ['PNG', () => Promise.resolve(pngClaiming(20_000, 20_000))],
    ['JPEG', () => jpegClaiming(20_000, 20_000)],
  ])('refuses a %s whose header claims 20000x20000 pixels', async (_format, make) => {
    expect(await rejectionOf(inspectImage(await make()))).toEqual({ reason: 'too_large', width: 20_000, height: 20_000 });
  });

  it('refuses by the header alone: a file with no decodable pixels gets the size refusal, not a decoding error', async () => {
    // 8001x10 is far below any pixel limit; only the 8000-a-side rule refuses it. Its pixel data
    // is a truncated fragment, so a decoder would have failed first had it been run.
    const fake = pngClaiming(8001, 10);
    await expect(sharp(fake, { failOn: 'error' }).raw().toBuffer()).rejects.toThrow();
    expect(await rejectionOf(inspectImage(fake))).toEqual({ reason: 'too_large', width: 8001, height: 10 });
    expect(await rejectionOf(convertToJpeg(fake))).toEqual({ reason: 'too_large', width: 8001, height: 10 });
  });

  it('applies the minimum size only when asked', async () => {
    const small = await jpegOf(1000);
    expect(await rejectionOf(inspectImage(small, { minSide: ARTWORK_MIN_SIDE }))).toEqual({
      reason: 'too_small',
      width: 1000,
      height: 1000,
      minSide: 3000,
    });
    expect((await inspectImage(small)).width).toBe(1000);
  });

  it('refuses a recognisable type that is not an allowed image, naming what it is', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    expect(await rejectionOf(inspectImage(gif))).toEqual({ reason: 'type', mime: 'image/gif' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    expect(await rejectionOf(inspectImage(pdf))).toEqual({ reason: 'type', mime: 'application/pdf' });
  });

  it('refuses bytes in no format at all as unrecognised (text, SVG, noise, nothing)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    for (const bytes of [textBytes(), svg, Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00]), Buffer.alloc(0)]) {
      expect(await rejectionOf(inspectImage(bytes))).toEqual({ reason: 'unrecognised' });
    }
  });
});

describe('convertToJpeg', () => {
  it('converts to a JPEG of the same size', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } }).png().toBuffer();
    const jpeg = await convertToJpeg(png);
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
  });

  it('flattens transparency onto white', async () => {
    const jpeg = await convertToJpeg(await transparentPngOf(300));
    expect(await pixelAt(jpeg, 0, 0)).toEqual({ r: 255, g: 255, b: 255 });
    expect(await pixelAt(jpeg, 299, 299)).toEqual({ r: 255, g: 255, b: 255 });
    const centre = await pixelAt(jpeg, 150, 150);
    expect(centre.r).toBeGreaterThan(240);
    expect(centre.g).toBeLessThan(20);
  });

  it('applies the EXIF orientation, so the stored cover is upright', async () => {
    // 200x100 stored, EXIF orientation 6 (rotate 90° clockwise to display): upright it is 100x200.
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ width: 200, height: 100, orientation: 6 });
    const upright = await sharp(await convertToJpeg(sideways)).metadata();
    expect(upright).toMatchObject({ format: 'jpeg', width: 100, height: 200 });
    expect(upright.orientation).toBeUndefined();
  });

  it('converts many images at once, a few at a time, and answers each its own result', async () => {
    const sizes = [10, 20, 30, 40, 50, 60, 70];
    const inputs = await Promise.all(sizes.map((size) => jpegOf(size)));
    const outcomes = await Promise.allSettled([...inputs.map((input) => convertToJpeg(input)), convertToJpeg(textBytes())]);
    const widths = await Promise.all(
      outcomes.slice(0, sizes.length).map(async (outcome) => (outcome.status === 'fulfilled' ? (await sharp(outcome.value).metadata()).width : -1)),
    );
    expect(widths).toEqual(sizes);
    expect(outcomes.at(-1)?.status).toBe('rejected');
    // The queue is free again afterwards.
    expect((await sharp(await convertToJpeg(inputs[0] ?? Buffer.alloc(0))).metadata()).width).toBe(10);
  });

  it('refuses a truncated JPEG as unreadable', async () => {
    expect(await rejectionOf(convertToJpeg(await truncatedJpegOf(600)))).toEqual({ reason: 'unreadable' });
  });

  it('refuses a JPEG whose header is valid but whose scan data is garbage, which the decoder only warns about', async () => {
    const garbage = await garbageScanJpegOf(600);
    expect(await inspectImage(garbage)).toEqual({ mime: 'image/jpeg', width: 600, height: 600 });
    // Decoding it does not fail outright: libjpeg fills the damage in and only warns.
    expect((await sharp(garbage, { failOn: 'error' }).jpeg().toBuffer()).length).toBeGreaterThan(0);
    expect(await rejectionOf(convertToJpeg(garbage))).toEqual({ reason: 'unreadable' });
  });

  it('keeps nothing of the file but its pixels: bytes after the image end are gone', async () => {
    const tail = Buffer.from('<html><script>alert(1)</script></html>');
    const jpeg = await convertToJpeg(Buffer.concat([await jpegOf(64), tail]));
    expect(jpeg.includes(tail)).toBe(false);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
  });

  it('refuses a header it cannot parse as unreadable', async () => {
    const brokenHeader = (await jpegOf(100)).subarray(0, 24); // a JPEG's signature, cut before its frame header
    expect(await rejectionOf(inspectImage(brokenHeader))).toEqual({ reason: 'unreadable' });
    expect(await rejectionOf(convertToJpeg(brokenHeader))).toEqual({ reason: 'unreadable' });
  });
});
