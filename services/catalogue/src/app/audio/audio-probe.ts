import type { Readable } from 'node:stream';
import type { AudioFormat } from '@sv/contracts';
import type { BlobStore } from '@sv/platform';
import { fileTypeFromBuffer } from 'file-type';
import { parseStream, type IFormat } from 'music-metadata';
import { AudioTypeNotAllowedError, AudioUnreadableError } from './audio.errors.ts';

/** What the stored bytes say about an audio file; the client's MIME type and file name play no part. */
export interface AudioFacts {
  format: AudioFormat;
  /** The MIME type detected from the bytes. */
  mimeType: string;
  sampleRateHz: number;
  /** Null for lossy formats, which have no bit depth. */
  bitDepth: number | null;
  channels: number;
  durationMs: number | null;
}

interface Container {
  format: AudioFormat;
  /** The MIME type that picks music-metadata's parser. */
  parserMime: string;
  label: string;
  lossless: boolean;
  /**
   * Whether the duration needs a pass over every frame: bare MPEG/ADTS streams carry no total
   * (without a Xing header), the others state it in their headers.
   */
  scanForDuration: boolean;
  /** ISO base media (MP4) files are allowed only as audio-only AAC. */
  isoMedia?: 'audio' | 'maybe-video';
}

/** The allowed containers, by file-type's extension of the sniffed bytes. */
const CONTAINERS: Record<string, Container> = {
  wav: { format: 'wav', parserMime: 'audio/wav', label: 'WAV', lossless: true, scanForDuration: false },
  flac: { format: 'flac', parserMime: 'audio/flac', label: 'FLAC', lossless: true, scanForDuration: false },
  aif: { format: 'aiff', parserMime: 'audio/aiff', label: 'AIFF', lossless: true, scanForDuration: false },
  mp3: { format: 'mp3', parserMime: 'audio/mpeg', label: 'MP3', lossless: false, scanForDuration: true },
  aac: { format: 'aac', parserMime: 'audio/aac', label: 'AAC', lossless: false, scanForDuration: true },
  m4a: { format: 'aac', parserMime: 'audio/mp4', label: 'M4A', lossless: false, scanForDuration: false, isoMedia: 'audio' },
  mp4: { format: 'aac', parserMime: 'audio/mp4', label: 'MP4', lossless: false, scanForDuration: false, isoMedia: 'maybe-video' },
};

/** Enough of the start of a file for every signature file-type knows (ID3 tags larger than this are skipped by size). */
const HEAD_BYTES = 64 * 1024;
const UNKNOWN_MIME = 'application/octet-stream';

/** The first `max` bytes of a stored file; the rest is never read. */
const readHead = async (blobs: BlobStore, key: string, max: number): Promise<Buffer> => {
  const stream = await blobs.read(key);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= max) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, max);
};

/** Parses the stored file as a stream (never whole in memory), reading only as far as the container needs. */
const parseFormat = async (blobs: BlobStore, key: string, size: number, container: Container): Promise<IFormat | undefined> => {
  let stream: Readable | undefined;
  try {
    stream = await blobs.read(key);
    const metadata = await parseStream(
      stream,
      { mimeType: container.parserMime, size },
      { duration: container.scanForDuration, skipCovers: true, skipPostHeaders: true },
    );
    return metadata.format;
  } catch {
    return undefined;
  } finally {
    stream?.destroy();
  }
};

const isAac = (format: IFormat): boolean => /aac|mp4a/i.test(format.codec ?? '');

/**
 * Identifies a stored audio file from its bytes: WAV, FLAC, AIFF, MP3, AAC (ADTS) and M4A/AAC
 * are allowed; anything else is 415 naming the detected type (application/octet-stream when the
 * bytes match none). A file that starts like an allowed format but cannot be read is 422.
 */
export const probeAudio = async (blobs: BlobStore, key: string, size: number): Promise<AudioFacts> => {
  const detected = await fileTypeFromBuffer(await readHead(blobs, key, HEAD_BYTES));
  const container = detected ? CONTAINERS[detected.ext] : undefined;
  if (!detected || !container) throw new AudioTypeNotAllowedError(detected?.mime ?? UNKNOWN_MIME);

  const format = await parseFormat(blobs, key, size, container);
  let mimeType = detected.mime;
  if (container.isoMedia) {
    // An MP4 is audio only when it has no video track; its audio must be AAC (not ALAC, say).
    const audioOnlyAac = format !== undefined && format.hasVideo !== true && isAac(format);
    if (!audioOnlyAac) {
      if (container.isoMedia === 'maybe-video' || format?.sampleRate) throw new AudioTypeNotAllowedError(detected.mime);
      throw new AudioUnreadableError(container.label);
    }
    if (container.isoMedia === 'maybe-video') mimeType = 'audio/mp4';
  }
  if (!format?.sampleRate || !format.numberOfChannels) throw new AudioUnreadableError(container.label);

  return {
    format: container.format,
    mimeType,
    sampleRateHz: Math.round(format.sampleRate),
    bitDepth: container.lossless ? (format.bitsPerSample ?? null) : null,
    channels: format.numberOfChannels,
    durationMs: format.duration !== undefined && Number.isFinite(format.duration) ? Math.round(format.duration * 1000) : null,
  };
};
