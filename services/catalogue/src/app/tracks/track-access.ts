import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Release } from '../../db/entities/release.entity.ts';
import { Track } from '../../db/entities/track.entity.ts';
import { findVisibleRelease, visibleReleases, type ReleaseViewer } from '../releases/release-access.ts';
import { ReleaseNotFoundError } from '../releases/releases.errors.ts';
import { ReleaseNotDraftError, TrackNotFoundError } from './tracks.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The live track `trackId` if the principal may see its release (same tenant, release live and,
 * for artist-scoped keys, of their artist); otherwise 404 `Track not found.`
 */
export const findVisibleTrack = async (
  em: EntityManager,
  viewer: ReleaseViewer,
  trackId: string,
): Promise<{ track: Track; release: Release }> => {
  if (!UUID.test(trackId)) throw new TrackNotFoundError();
  const track = await em.findOne(Track, { id: trackId, tenantId: viewer.tenant_id, deletedAt: null });
  if (!track) throw new TrackNotFoundError();
  const release = await em.findOne(Release, { ...visibleReleases(viewer), id: track.releaseId });
  if (!release) throw new TrackNotFoundError();
  return { track, release };
};

/**
 * Holds a share lock on the release until the transaction ends and re-reads it, so a concurrent
 * submit or delete cannot slip between the check and the track change. A release deleted
 * meanwhile is `gone` (404); one that is not a draft is 409.
 */
export const lockDraftRelease = async (tx: EntityManager, release: Release, gone: () => Error): Promise<void> => {
  const current = await tx.refresh(release, { lockMode: LockMode.PESSIMISTIC_READ });
  if (!current || current.deletedAt) throw gone();
  if (current.status !== 'draft') throw new ReleaseNotDraftError();
};

/** The release `releaseId` (404 unless visible), locked and required to be a draft (409). */
export const findDraftRelease = async (tx: EntityManager, viewer: ReleaseViewer, releaseId: string): Promise<Release> => {
  const release = await findVisibleRelease(tx, viewer, releaseId);
  await lockDraftRelease(tx, release, () => new ReleaseNotFoundError());
  return release;
};
