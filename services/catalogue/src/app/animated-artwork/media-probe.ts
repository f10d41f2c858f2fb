import { Readable } from 'node:stream';
import type { AnimatedContainer } from '@sv/contracts';
import sharp from 'sharp';
import { NotIsoMediaError, looksLikeIsoMedia, readMovieInfo } from '../videos/iso-bmff.ts';
import { looksLikeEbml, readWebmInfo } from './webm.ts';

/** What the bytes of an animated artwork file show. */
export interface MediaProbe {
  container: AnimatedContainer;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** Frames of a GIF; undefined for video containers. */
  frames?: number;
  /** A reason the file is not acceptable whatever its asset type (e.g. Matroska that is not WebM). */
  problem?: string;
}

/** Pixels across all frames a GIF may decode to; far above any sensible 50 MB animation. */
const GIF_PIXEL_LIMIT = 512 * 1024 * 1024;
/** Browsers show a GIF frame delay below 20 ms as 100 ms; the duration counts them so too. */
const GIF_MIN_DELAY_MS = 20;
const GIF_DEFAULT_DELAY_MS = 100;

const isGif = (bytes: Buffer): boolean => bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6));

const probeGif = async (bytes: Buffer): Promise<MediaProbe | undefined> => {
  const metadata = await sharp(bytes, { animated: true, limitInputPixels: GIF_PIXEL_LIMIT })
    .metadata()
    .catch(() => undefined);
  if (!metadata || metadata.format !== 'gif' || !metadata.width || !metadata.height) return undefined;
  const frames = metadata.pages ?? 1;
  const delays = metadata.delay ?? [];
  const durationMs =
    delays.length > 0
      ? delays.slice(0, frames).reduce((sum, delay) => sum + (delay < GIF_MIN_DELAY_MS ? GIF_DEFAULT_DELAY_MS : delay), 0)
      : null;
  return {
    container: 'gif',
    width: metadata.width,
    height: metadata.pageHeight ?? Math.round(metadata.height / frames),
    durationMs,
    frames,
  };
};

const probeWebm = (bytes: Buffer): MediaProbe | undefined => {
  const info = readWebmInfo(bytes);
  if (!info) return undefined;
  return {
    container: 'webm',
    width: info.width,
    height: info.height,
    durationMs: info.durationMs,
    ...(info.docType === 'webm' ? {} : { problem: `The file is a ${info.docType ?? 'Matroska'} file, not WebM.` }),
  };
};

const probeMovie = async (bytes: Buffer): Promise<MediaProbe | undefined> => {
  try {
    return await readMovieInfo(Readable.from([bytes]), bytes.length);
  } catch (error) {
    if (error instanceof NotIsoMediaError) return undefined;
    throw error;
  }
};

/**
 * The container, picture size and duration of an animated artwork file, judged from its bytes
 * (never from the declared type); undefined when it is none of MP4, MOV, WebM or GIF, or is
 * too broken to read.
 */
export const probeAnimatedMedia = async (bytes: Buffer): Promise<MediaProbe | undefined> => {
  try {
    if (isGif(bytes)) return await probeGif(bytes);
    if (looksLikeEbml(bytes)) return probeWebm(bytes);
    if (looksLikeIsoMedia(bytes)) return await probeMovie(bytes);
    return undefined;
  } catch (error) {
    // A read past the end of a malformed structure: the file is unreadable, not worth a retry.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
};

export const MIME_OF_CONTAINER: Readonly<Record<AnimatedContainer, string>> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  gif: 'image/gif',
};
