import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReleaseAuthorship } from '@sv/contracts';
import { Artist } from '../../db/entities/artist.entity.ts';
import { ArtistNotInTenantError } from './releases.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `artistId` if it names a live artist of the tenant, else 422 `Artist not found in this tenant.` */
export const resolveTenantArtist = async (em: EntityManager, tenantId: string, artistId: string | null | undefined): Promise<string> => {
  const candidate = artistId?.trim();
  if (!candidate) throw new ArtistNotInTenantError(true);
  if (!UUID.test(candidate)) throw new ArtistNotInTenantError(false);
  const artist = await em.findOne(Artist, { id: candidate.toLowerCase(), tenantId, deletedAt: null }, { fields: ['id'] });
  if (!artist) throw new ArtistNotInTenantError(false);
  return artist.id;
};

/**
 * The artist a new release belongs to (spec, Authentication 7): artist and collaborator keys
 * create under their own artist (whatever artist_id they send); roster keys and super_admin
 * must name an artist of their tenant.
 */
export const releaseArtistOf = (
  em: EntityManager,
  tenantId: string,
  authorship: Extract<ReleaseAuthorship, { allowed: true }>,
  namedArtistId: string | null | undefined,
): Promise<string> => resolveTenantArtist(em, tenantId, authorship.artist === 'own' ? authorship.artistId : namedArtistId);
