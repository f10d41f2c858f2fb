import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReleaseSnapshot, SnapshotAudio } from '@sv/contracts';
import { readBuffer, type BlobStore } from '@sv/platform';
import sharp from 'sharp';
import { AudioCheck } from '../../db/entities/audio-check.entity.ts';
import { analyseAudio, undecodable, type AnalyserBinaries, type AudioAnalysis } from './audio-analysis.ts';

export interface EvidenceDeps {
  blobs: BlobStore;
  binaries: AnalyserBinaries;
  maxAudioBytes: number;
}

const MAX_ARTWORK_BYTES = 50 * 1024 * 1024;

/** Copies a stored file to a private temporary folder, refusing more than `maxBytes`. */
const withLocalCopy = async <T>(blobs: BlobStore, key: string, maxBytes: number, use: (path: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(join(tmpdir(), 'sv-qc-'));
  try {
    const path = join(dir, 'audio');
    let seen = 0;
    const ceiling = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        done(seen > maxBytes ? new Error(`the file is larger than ${maxBytes} bytes`) : null, chunk);
      },
    });
    await pipeline(await blobs.read(key), ceiling, createWriteStream(path, { mode: 0o600 }));
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** Reads one stored audio file through ffmpeg; an unreadable file is an analysis that says so. */
export const analyseStoredAudio = async (deps: EvidenceDeps, audio: Pick<SnapshotAudio, 'key'>): Promise<AudioAnalysis> => {
  try {
    return await withLocalCopy(deps.blobs, audio.key, deps.maxAudioBytes, (path) => analyseAudio(deps.binaries, path));
  } catch (error) {
    return undecodable((error as Error).message);
  }
};

/**
 * The analysis of each track's audio. A file the audio validator already read (same track, same
 * stored file) is not decoded again.
 */
export const analyseReleaseAudio = async (em: EntityManager, deps: EvidenceDeps, release: ReleaseSnapshot): Promise<Map<string, AudioAnalysis | null>> => {
  const result = new Map<string, AudioAnalysis | null>();
  for (const track of release.tracks) {
    if (!track.audio) {
      result.set(track.uuid, null);
      continue;
    }
    const known = await em.findOne(AudioCheck, { tenantId: release.tenant_id, trackId: track.uuid, audioKey: track.audio.key, state: 'checked' });
    const analysis = (known?.analysis as AudioAnalysis | null | undefined) ?? (await analyseStoredAudio(deps, track.audio));
    result.set(track.uuid, analysis);
  }
  return result;
};

/** The stored cover's real size and format, read from its bytes; null when it cannot be read. */
export const readArtwork = async (blobs: BlobStore, key: string): Promise<{ width: number; height: number; format: string } | null> => {
  try {
    const bytes = await readBuffer(blobs, key, MAX_ARTWORK_BYTES);
    const meta = await sharp(bytes, { limitInputPixels: 8000 * 8000 }).metadata();
    if (!meta.width || !meta.height || !meta.format) return null;
    return { width: meta.width, height: meta.height, format: meta.format };
  } catch {
    return null;
  }
};
