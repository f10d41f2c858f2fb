import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, type Principal, type UploadedFile } from '@sv/contracts';
import type { BlobStore } from '@sv/platform';
import type { Video } from '../../db/entities/video.entity.ts';
import { NotIsoMediaError, readMovieInfo, type MovieInfo } from './iso-bmff.ts';
import { changeVisibleVideo, findVisibleVideo } from './video-access.ts';
import { UnreadableVideoError, VideoStateConflictError } from './videos.errors.ts';

/** A movie header (moov) this large is already absurd; refusing it bounds the memory read. */
const MAX_MOVIE_HEADER_BYTES = 64 * 1024 * 1024;

const MIME_OF_CONTAINER: Record<MovieInfo['container'], string> = { mp4: 'video/mp4', mov: 'video/quicktime' };

/** What the stored bytes say: container, picture size, duration (the moov may sit after the media). */
const readStoredMovie = async (blobs: BlobStore, key: string): Promise<MovieInfo> => {
  try {
    return await readMovieInfo(await blobs.read(key), MAX_MOVIE_HEADER_BYTES);
  } catch (error) {
    if (error instanceof NotIsoMediaError) throw new UnreadableVideoError();
    throw error;
  }
};

/**
 * POST /videos/{uuid}/upload: attaches the uploaded MP4/MOV to a draft or rejected video, with
 * the type, size and picture facts read from the file's own bytes. A replaced file is removed.
 */
export const attachVideoFile = async (
  em: EntityManager,
  blobs: BlobStore,
  principal: Principal,
  videoId: string,
  file: UploadedFile,
): Promise<Video> => {
  const current = await findVisibleVideo(em, principal, videoId);
  if (current.status !== 'draft' && current.status !== 'rejected') {
    throw new VideoStateConflictError(Messages.onlyDraftOrRejectedVideoUpdate, 'upload');
  }
  const movie = await readStoredMovie(blobs, file.key);
  let replacedKey: string | null = null;
  const video = await changeVisibleVideo(em, principal, videoId, async (tx, locked) => {
    if (locked.status !== 'draft' && locked.status !== 'rejected') {
      throw new VideoStateConflictError(Messages.onlyDraftOrRejectedVideoUpdate, 'upload');
    }
    replacedKey = locked.videoKey ?? null;
    const now = new Date();
    locked.videoUrl = file.url;
    locked.videoKey = file.key;
    locked.mimeType = MIME_OF_CONTAINER[movie.container];
    locked.fileSize = file.size;
    locked.width = movie.width;
    locked.height = movie.height;
    locked.durationMs = movie.durationMs;
    locked.videoUploadedAt = now;
    locked.updatedAt = now;
    await tx.flush();
    return locked;
  });
  if (replacedKey && replacedKey !== file.key) await blobs.remove(replacedKey).catch(() => undefined);
  return video;
};
