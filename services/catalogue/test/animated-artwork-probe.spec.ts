import { animatedArtworkErrors } from '../src/app/animated-artwork/animated-artwork-rules.ts';
import { probeAnimatedMedia } from '../src/app/animated-artwork/media-probe.ts';
import { readWebmInfo } from '../src/app/animated-artwork/webm.ts';
import { NotIsoMediaError, readMovieInfo } from '../src/app/videos/iso-bmff.ts';
import { brokenFile, gifFixture, mp4Fixture, movFixture, movieFixture, truncatedMp4, webmFixture } from './support/video-fixtures.ts';

/*
 * The pure readers behind animated artwork validation and video uploads: container, picture
 * size and duration from MP4/MOV box trees, WebM EBML headers and GIFs, and the per-type rules.
 */

/** The bytes as a stream of small chunks, so box and element headers straddle chunk edges. */
async function* chunked(bytes: Buffer, size = 7): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('ISO base media reader (MP4, MOV)', () => {
  it('reads picture size and duration of a minimal MP4', async () => {
    expect(await probeAnimatedMedia(mp4Fixture(1080, 1920, 5_000))).toEqual({
      container: 'mp4',
      width: 1080,
      height: 1920,
      durationMs: 5_000,
    });
  });

  it('tells QuickTime by its major brand, or by the absence of ftyp', async () => {
    expect((await probeAnimatedMedia(movFixture(1080, 1080, 20_000)))?.container).toBe('mov');
    expect((await probeAnimatedMedia(movieFixture({ width: 640, height: 480, durationMs: 1_000, brand: null })))?.container).toBe('mov');
  });

  it('finds a movie header written after the media, reading the file as a stream of small chunks', async () => {
    const file = mp4Fixture(1280, 720, 42_500, { moovAtEnd: true, mediaBytes: 200_000 });
    expect(await readMovieInfo(chunked(file), 1024 * 1024)).toEqual({ container: 'mp4', width: 1280, height: 720, durationMs: 42_500 });
  });

  it('reads version-1 headers and 64-bit box sizes', async () => {
    const file = mp4Fixture(720, 1280, 6_000, { version1: true });
    expect(await readMovieInfo(chunked(file, 5), 1024 * 1024)).toMatchObject({ width: 720, height: 1280, durationMs: 6_000 });
  });

  it('swaps width and height of a picture stored turned a quarter', async () => {
    const file = mp4Fixture(1080, 1920, 5_000, { rotated: true });
    expect(await probeAnimatedMedia(file)).toMatchObject({ width: 1080, height: 1920 });
  });

  it('reports no picture size for a file without a video track', async () => {
    expect(await probeAnimatedMedia(mp4Fixture(1080, 1920, 5_000, { noVideoTrack: true }))).toMatchObject({ width: null, height: null });
  });

  it('refuses bytes that are not a box tree, a movie cut short, and a movie header above the limit', async () => {
    await expect(readMovieInfo(chunked(brokenFile()), 1024)).rejects.toBeInstanceOf(NotIsoMediaError);
    await expect(readMovieInfo(chunked(truncatedMp4()), 1024 * 1024)).rejects.toBeInstanceOf(NotIsoMediaError);
    await expect(readMovieInfo(chunked(mp4Fixture(1080, 1920, 5_000)), 64)).rejects.toBeInstanceOf(NotIsoMediaError);
    expect(await probeAnimatedMedia(truncatedMp4())).toBeUndefined();
  });
});

describe('WebM reader', () => {
  it('reads the video track size (skipping the audio track) and the duration', async () => {
    expect(await probeAnimatedMedia(webmFixture({ width: 720, height: 1280, durationMs: 7_250 }))).toEqual({
      container: 'webm',
      width: 720,
      height: 1280,
      durationMs: 7_250,
    });
  });

  it('reads a Segment of unknown size', () => {
    expect(readWebmInfo(webmFixture({ width: 1080, height: 1440, durationMs: 20_000, unknownSegmentSize: true }))).toEqual({
      docType: 'webm',
      width: 1080,
      height: 1440,
      durationMs: 20_000,
    });
  });

  it('names a Matroska file that is not WebM as a problem', async () => {
    const probe = await probeAnimatedMedia(webmFixture({ width: 720, height: 1280, durationMs: 5_000, docType: 'matroska' }));
    expect(probe?.problem).toBe('The file is a matroska file, not WebM.');
    expect(animatedArtworkErrors('spotify_canvas', probe)).toEqual(['The file is a matroska file, not WebM.']);
  });
});

describe('GIF reader', () => {
  it('reads frame size, frame count and the sum of the frame delays', async () => {
    const gif = await gifFixture({ width: 72, height: 128, frames: 4, frameDelayMs: 1_250 });
    expect(await probeAnimatedMedia(gif)).toEqual({ container: 'gif', width: 72, height: 128, durationMs: 5_000, frames: 4 });
  });

  it('answers undefined for a file that is none of the four formats', async () => {
    expect(await probeAnimatedMedia(brokenFile())).toBeUndefined();
    expect(await probeAnimatedMedia(Buffer.from('GIF89a broken'))).toBeUndefined();
  });
});

describe('animated artwork rules', () => {
  const probe = (width: number, height: number, durationMs: number) => ({ container: 'mp4' as const, width, height, durationMs });

  it('accepts each type at its ratio, minimum size and duration range', () => {
    expect(animatedArtworkErrors('spotify_canvas', probe(720, 1280, 3_000))).toEqual([]);
    expect(animatedArtworkErrors('spotify_canvas', probe(1080, 1920, 8_000))).toEqual([]);
    expect(animatedArtworkErrors('apple_motion_square', probe(2048, 2048, 15_000))).toEqual([]);
    expect(animatedArtworkErrors('apple_motion_portrait', probe(1080, 1440, 35_000))).toEqual([]);
  });

  it('allows a 1% deviation from the ratio and no more', () => {
    expect(animatedArtworkErrors('apple_motion_square', probe(1090, 1080, 20_000))).toEqual([]);
    expect(animatedArtworkErrors('apple_motion_square', probe(1100, 1080, 20_000))).toEqual([
      'The aspect ratio must be 1:1 (within 1%); the file is 1100x1080.',
    ]);
  });

  it('names every broken rule', () => {
    expect(animatedArtworkErrors('spotify_canvas', probe(540, 540, 12_500))).toEqual([
      'The aspect ratio must be 9:16 (within 1%); the file is 540x540.',
      'The file must be at least 720x1280 pixels; it is 540x540.',
      'The duration must be between 3 s and 8 s; the file runs 12.5 s.',
    ]);
    expect(animatedArtworkErrors('spotify_canvas', undefined)).toEqual(['The file is not a readable MP4, MOV, WebM or GIF file.']);
    expect(animatedArtworkErrors('spotify_canvas', { container: 'mp4', width: null, height: null, durationMs: null })).toEqual([
      'The picture size could not be read from the file (no video track).',
      'The duration could not be read from the file.',
    ]);
  });

  it('refuses a GIF with a single frame', () => {
    expect(animatedArtworkErrors('spotify_canvas', { container: 'gif', width: 720, height: 1280, durationMs: 5_000, frames: 1 })).toEqual([
      'The GIF is not animated: it has a single frame.',
    ]);
  });
});
