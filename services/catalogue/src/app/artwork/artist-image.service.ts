import type { EntityManager } from '@mikro-orm/postgresql';
import type { UploadedFile } from '@sv/contracts';
import type { Artist } from '../../db/entities/artist.entity.ts';
import { findArtist, setArtistImage } from '../artists/artists.service.ts';
import { ownedKeyOf, removeQuietly, storeUploadedImage, type ImageStoreDeps } from './stored-image.ts';

export type ArtistImageSlot = 'avatar' | 'banner';

/**
 * POST /artists/{uuid}/avatar and /banner: the upload converted to JPEG like a cover (no minimum
 * size; at most 8000x8000) and set on the artist. The upload and the image it replaces are removed
 * once the change is committed.
 */
export const uploadArtistImage = async (
  deps: ImageStoreDeps,
  em: EntityManager,
  tenantId: string,
  artistId: string,
  slot: ArtistImageSlot,
  file: UploadedFile,
): Promise<Artist> => {
  const current = await findArtist(em, tenantId, artistId);
  const replacedKey = ownedKeyOf(deps.blobs, tenantId, slot === 'avatar' ? current.avatarUrl : current.bannerUrl);
  const stored = await storeUploadedImage(deps, tenantId, file, slot, {});
  let artist: Artist;
  try {
    artist = await setArtistImage(em, tenantId, artistId, slot, stored.url);
  } catch (error) {
    await removeQuietly(deps, stored.key);
    throw error;
  }
  await removeQuietly(deps, file.key);
  if (replacedKey && replacedKey !== stored.key) await removeQuietly(deps, replacedKey);
  return artist;
};
