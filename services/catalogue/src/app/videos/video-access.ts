import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { isArtistScoped } from '@sv/contracts';
import { Video } from '../../db/entities/video.entity.ts';
import type { ReleaseViewer } from '../releases/release-access.ts';
import { VideoNotFoundError } from './videos.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The videos a principal may see: its tenant's live videos and, for an artist or collaborator
 * key without roster access, only those of its own artist (the same rule as releases).
 */
export const visibleVideos = (viewer: ReleaseViewer) => ({
  tenantId: viewer.tenant_id,
  deletedAt: null,
  ...(isArtistScoped(viewer) ? { artistId: viewer.artist_id } : {}),
});

/** The video `videoId` if the principal may see it, else VideoNotFoundError (404). */
export const findVisibleVideo = async (
  em: EntityManager,
  viewer: ReleaseViewer,
  videoId: string,
  options: { lock?: boolean } = {},
): Promise<Video> => {
  if (!UUID.test(videoId)) throw new VideoNotFoundError();
  const video = await em.findOne(
    Video,
    { ...visibleVideos(viewer), id: videoId },
    options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
  );
  if (!video) throw new VideoNotFoundError();
  return video;
};

/**
 * Runs `change` in one transaction on the video locked for update, so two transitions of one
 * video queue up; the change and its outbox event commit together when it returns.
 */
export const changeVisibleVideo = <T>(
  em: EntityManager,
  viewer: ReleaseViewer,
  videoId: string,
  change: (tx: EntityManager, video: Video) => Promise<T>,
): Promise<T> => em.transactional(async (tx) => change(tx, await findVisibleVideo(tx, viewer, videoId, { lock: true })));
