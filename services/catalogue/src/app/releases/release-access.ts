import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { isArtistScoped, upcOfIcpn, type Principal } from '@sv/contracts';
import { Release } from '../../db/entities/release.entity.ts';
import { ReleaseNotFoundError } from './releases.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ReleaseViewer = Pick<Principal, 'tenant_id' | 'role' | 'roster' | 'artist_id'>;

/**
 * The releases a principal may see: its tenant's live releases and, for an artist or
 * collaborator key without roster access, only those of its own artist. Anything else is 404.
 */
export const visibleReleases = (viewer: ReleaseViewer) => ({
  tenantId: viewer.tenant_id,
  deletedAt: null,
  // An artist-scoped key without an artist sees nothing (not the releases that have no artist).
  ...(isArtistScoped(viewer) ? { artistId: viewer.artist_id ?? NO_ARTIST } : {}),
});

/** The nil UUID: no release is ever created under it. */
const NO_ARTIST = '00000000-0000-0000-0000-000000000000';

export interface FindReleaseOptions {
  /**
   * Lock the row for the rest of the caller's transaction (select … for update) and read it
   * afresh: concurrent writers of one release then queue up and each sees what the previous
   * one committed. Needs an open transaction.
   */
  lock?: boolean;
}

/** The release `releaseId` if the principal may see it, else ReleaseNotFoundError (404). */
/** The viewer's visible live release with this UPC (a GTIN-14 with a leading zero is its EAN-13). */
export const findVisibleReleaseByUpc = async (em: EntityManager, viewer: ReleaseViewer, upc: string): Promise<Release> => {
  const release = await em.findOne(Release, { ...visibleReleases(viewer), upc: upcOfIcpn(upc) });
  if (!release) throw new ReleaseNotFoundError();
  return release;
};

export const findVisibleRelease = async (
  em: EntityManager,
  viewer: ReleaseViewer,
  releaseId: string,
  options: FindReleaseOptions = {},
): Promise<Release> => {
  if (!UUID.test(releaseId)) throw new ReleaseNotFoundError();
  const release = await em.findOne(
    Release,
    { ...visibleReleases(viewer), id: releaseId },
    options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
  );
  if (!release) throw new ReleaseNotFoundError();
  return release;
};

/**
 * Runs `change` in one transaction on the release locked for update; what it records (the
 * state change and its outbox event) commits together when it returns.
 */
export const changeVisibleRelease = <T>(
  em: EntityManager,
  viewer: ReleaseViewer,
  releaseId: string,
  change: (tx: EntityManager, release: Release) => Promise<T>,
): Promise<T> =>
  em.transactional(async (tx) => change(tx, await findVisibleRelease(tx, viewer, releaseId, { lock: true })));

/** A new updated_at, strictly after the stored one, so the stale-update check never ties. */
export const touch = (release: Release, now: Date = new Date()): Date => {
  release.updatedAt = new Date(Math.max(now.getTime(), release.updatedAt.getTime() + 1));
  return release.updatedAt;
};
