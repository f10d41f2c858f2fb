import type { EntityManager } from '@mikro-orm/postgresql';
import { isArtistScoped, type Principal } from '@sv/contracts';
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
  ...(isArtistScoped(viewer) ? { artistId: viewer.artist_id } : {}),
});

/** The release `releaseId` if the principal may see it, else ReleaseNotFoundError (404). */
export const findVisibleRelease = async (em: EntityManager, viewer: ReleaseViewer, releaseId: string): Promise<Release> => {
  if (!UUID.test(releaseId)) throw new ReleaseNotFoundError();
  const release = await em.findOne(Release, { ...visibleReleases(viewer), id: releaseId });
  if (!release) throw new ReleaseNotFoundError();
  return release;
};
