import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, isArtistScoped, type Principal } from '@sv/contracts';
import { ForbiddenError } from '@sv/platform';
import { Artist } from '../../db/entities/artist.entity.ts';
import { Track } from '../../db/entities/track.entity.ts';
import { Video } from '../../db/entities/video.entity.ts';
import { findVisibleRelease } from '../releases/release-access.ts';
import { ReleaseNotFoundError } from '../releases/releases.errors.ts';
import { DuplicateIsrcError, VideoArtistNotInTenantError, VideoReleaseNotInTenantError } from './videos.errors.ts';

/**
 * The artist a video is credited to. Artist and collaborator keys (without roster access) credit
 * their own artist; naming another is 422. Others may name any live artist of their tenant, or none.
 */
export const videoArtistOf = async (em: EntityManager, principal: Principal, named: string | null | undefined): Promise<string | null> => {
  if (isArtistScoped(principal)) {
    // An artist key without an artist has nobody to credit: nothing to act for.
    if (!principal.artist_id) throw new ForbiddenError(Messages.forbidden, 'video.no_artist');
    if (named && named.toLowerCase() !== principal.artist_id) throw new VideoArtistNotInTenantError();
    return principal.artist_id;
  }
  if (!named) return null;
  const artist = await em.findOne(Artist, { id: named.toLowerCase(), tenantId: principal.tenant_id, deletedAt: null }, { fields: ['id'] });
  if (!artist) throw new VideoArtistNotInTenantError();
  return artist.id;
};

/** The release a video belongs to: one the principal may see (422 otherwise), or none. */
export const videoReleaseOf = async (em: EntityManager, principal: Principal, named: string | null | undefined): Promise<string | null> => {
  if (!named) return null;
  try {
    return (await findVisibleRelease(em, principal, named)).id;
  } catch (error) {
    if (error instanceof ReleaseNotFoundError) throw new VideoReleaseNotInTenantError();
    throw error;
  }
};

/** True when a live video (other than `exceptVideoId`) or live track of the tenant carries `isrc`. */
export const isrcTaken = async (em: EntityManager, tenantId: string, isrc: string, exceptVideoId?: string): Promise<boolean> => {
  const video = await em.findOne(
    Video,
    { tenantId, isrc, deletedAt: null, ...(exceptVideoId ? { id: { $ne: exceptVideoId } } : {}) },
    { fields: ['id'] },
  );
  if (video) return true;
  return (await em.count(Track, { tenantId, isrc, deletedAt: null })) > 0;
};

/** 409 `A record with these details already exists.` when `isrc` is already in use in the tenant. */
export const assertIsrcFree = async (em: EntityManager, tenantId: string, isrc: string | null, exceptVideoId?: string): Promise<void> => {
  if (isrc !== null && (await isrcTaken(em, tenantId, isrc, exceptVideoId))) throw new DuplicateIsrcError();
};
