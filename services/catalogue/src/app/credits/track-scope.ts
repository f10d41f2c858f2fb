import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Release } from '../../db/entities/release.entity.ts';
import { Track } from '../../db/entities/track.entity.ts';
import { findVisibleRelease, type ReleaseViewer } from '../releases/release-access.ts';
import { ReleaseNotFoundError } from '../releases/releases.errors.ts';
import { findVisibleTrack } from '../tracks/track-access.ts';
import { TrackNotFoundError } from '../tracks/tracks.errors.ts';

export interface VisibleTrack {
  track: Track;
  release: Release;
}

/**
 * Runs `change` in one transaction on a visible track (else 404 `Track not found.`) with its
 * release and then the track locked for update and read afresh: writers of one release queue
 * up, each seeing the release status and track fields the previous one committed.
 */
export const changeVisibleTrack = <T>(
  em: EntityManager,
  viewer: ReleaseViewer,
  trackId: string,
  change: (tx: EntityManager, scope: VisibleTrack) => Promise<T>,
): Promise<T> =>
  em.transactional(async (tx) => {
    const { track: found } = await findVisibleTrack(tx, viewer, trackId);
    let release: Release;
    try {
      release = await findVisibleRelease(tx, viewer, found.releaseId, { lock: true });
    } catch (error) {
      if (error instanceof ReleaseNotFoundError) throw new TrackNotFoundError();
      throw error;
    }
    const track = await tx.findOne(Track, { id: found.id, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!track) throw new TrackNotFoundError();
    return change(tx, { track, release });
  });
