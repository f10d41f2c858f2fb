import type { EntityManager } from '@mikro-orm/postgresql';
import { TrackEvents } from '@sv/contracts';
import { recordEvent, type BlobStore } from '@sv/platform';
import type { Track } from '../../db/entities/track.entity.ts';
import type { ReleaseViewer } from '../releases/release-access.ts';
import { findVisibleTrack, lockDraftRelease } from '../tracks/track-access.ts';
import { ReleaseNotDraftError, TrackNotFoundError } from '../tracks/tracks.errors.ts';
import { trackEventData, trackTransaction } from '../tracks/tracks.service.ts';
import { probeAudio, type AudioFacts } from './audio-probe.ts';
import { NoAudioFileError } from './audio.errors.ts';

/** The file as the gateway stored it in the blob store. */
export interface StoredAudio {
  key: string;
  url: string;
  size: number;
}

const applyAudio = (track: Track, file: StoredAudio, facts: AudioFacts, now: Date): void => {
  track.audioUrl = file.url;
  track.audioKey = file.key;
  track.mimeType = facts.mimeType;
  track.fileSize = file.size;
  track.audioFormat = facts.format;
  track.audioSampleRateHz = facts.sampleRateHz;
  track.audioBitDepth = facts.bitDepth;
  track.audioChannels = facts.channels;
  track.audioDurationMs = facts.durationMs;
  if ((track.durationSeconds === null || track.durationSeconds === undefined) && facts.durationMs !== null) {
    track.durationSeconds = Math.round(facts.durationMs / 1000);
  }
  track.audioUploadedAt = now;
  // A new file has not been checked yet: the previous file's findings no longer apply.
  track.audioProblems = null;
  track.audioIntegratedLufs = null;
  track.audioTruePeakDbfs = null;
  track.audioCheckedAt = null;
  track.updatedAt = now;
};

/**
 * Attaches an uploaded file to a track once its bytes have shown it is allowed audio (the
 * client's claims are ignored). The release must be a draft. A replaced file is removed after
 * the commit, so a failed upload never loses the previous one.
 */
export const attachAudio = async (
  em: EntityManager,
  blobs: BlobStore,
  viewer: ReleaseViewer,
  trackId: string,
  file: StoredAudio | undefined,
): Promise<Track> => {
  // Who may upload and whether the release takes changes come before reading any bytes (in a
  // context of its own: the transaction below must load the track as it is then).
  const { release } = await findVisibleTrack(em.fork(), viewer, trackId);
  if (release.status !== 'draft') throw new ReleaseNotDraftError();
  if (!file || file.size === 0) throw new NoAudioFileError();
  const facts = await probeAudio(blobs, file.key, file.size);

  const { track, replacedKey } = await em.transactional(async (tx) => {
    const found = await findVisibleTrack(tx, viewer, trackId);
    await lockDraftRelease(tx, found.release, () => new TrackNotFoundError());
    const previousKey = found.track.audioKey ?? null;
    applyAudio(found.track, file, facts, new Date());
    recordEvent(tx, TrackEvents.audioUploaded, viewer.tenant_id, {
      ...trackEventData(found.track),
      audio_url: file.url,
      mime_type: facts.mimeType,
      file_size: file.size,
      audio_format: facts.format,
      duration_ms: facts.durationMs,
    });
    return { track: found.track, replacedKey: previousKey };
  }, trackTransaction());
  // A file left behind costs only space: the upload itself has succeeded.
  if (replacedKey && replacedKey !== file.key) await blobs.remove(replacedKey).catch(() => undefined);
  return track;
};
