import type { EntityManager } from '@mikro-orm/postgresql';
import type { PresignArtworkBody, ReleaseStatus, UploadedFile } from '@sv/contracts';
import { ValidationError, type BlobStore } from '@sv/platform';
import type { Release } from '../../db/entities/release.entity.ts';
import { changeVisibleRelease, findVisibleRelease, touch, type ReleaseViewer } from '../releases/release-access.ts';
import { recordArtworkUploaded } from '../releases/release-changes.ts';
import { withTracks, type ReleaseWithTracks } from '../releases/release-queries.ts';
import { updateRefusal } from '../releases/release-state-machine.ts';
import { ReleaseStateConflictError } from '../releases/releases.errors.ts';
import { ARTWORK_MIN_SIDE, IMAGE_MAX_BYTES } from './image-pipeline.ts';
import { removeQuietly, storeUploadedImage, type ImageStoreDeps } from './stored-image.ts';

/** The cover is one of the release's own fields: it changes when the release may be updated (409 otherwise). */
const assertArtworkEditable = (release: Release): void => {
  const refusal = updateRefusal(release.status as ReleaseStatus);
  if (refusal) throw new ReleaseStateConflictError(refusal, 'update');
};

/**
 * POST /releases/{uuid}/artwork: the uploaded cover (at least 3000x3000) converted to JPEG and set
 * as the release's artwork, with release.artwork.uploaded in the same commit. The conversion runs
 * before the write opens; the write then re-checks the release on its row locked for update, so
 * the previous file removed afterwards is really the one replaced. The upload and the previous
 * artwork are removed only once the change is committed.
 */
export const uploadReleaseArtwork = async (
  deps: ImageStoreDeps,
  em: EntityManager,
  viewer: ReleaseViewer,
  releaseId: string,
  file: UploadedFile | undefined,
): Promise<ReleaseWithTracks> => {
  assertArtworkEditable(await findVisibleRelease(em, viewer, releaseId));
  if (!file) throw new ValidationError({ artwork: ['The artwork file is required.'] });
  const stored = await storeUploadedImage(deps, viewer.tenant_id, file, 'artwork', { minSide: ARTWORK_MIN_SIDE });
  let replacedKey: string | null | undefined;
  let release: Release;
  try {
    release = await changeVisibleRelease(em, viewer, releaseId, async (tx, locked) => {
      assertArtworkEditable(locked);
      replacedKey = locked.artworkKey;
      locked.artworkUrl = stored.url;
      locked.artworkKey = stored.key;
      touch(locked);
      recordArtworkUploaded(tx, locked);
      return locked;
    });
  } catch (error) {
    await removeQuietly(deps, stored.key);
    throw error;
  }
  await removeQuietly(deps, file.key);
  if (replacedKey && replacedKey !== stored.key) await removeQuietly(deps, replacedKey);
  return withTracks(em, release);
};

const EXTENSION_BY_TYPE: Record<PresignArtworkBody['content_type'], string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/tiff': '.tiff',
};

/** How long a presigned artwork upload URL stays valid. */
export const ARTWORK_PRESIGN_SECONDS = 15 * 60;

export interface ArtworkPresign {
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  coverArtUrl: string;
  expiresAt: Date;
  maxBytes: number;
}

/**
 * POST /releases/{uuid}/artwork/presign: a URL the client PUTs the cover to directly, and the CDN
 * URL it then sets as the release's cover_art_url (which importCoverArt reads from the store and
 * converts like any other cover). Nothing on the release changes here.
 */
export const presignReleaseArtwork = async (
  deps: { blobs: BlobStore },
  em: EntityManager,
  viewer: ReleaseViewer,
  releaseId: string,
  body: PresignArtworkBody,
): Promise<ArtworkPresign> => {
  assertArtworkEditable(await findVisibleRelease(em, viewer, releaseId));
  const upload = await deps.blobs.presignPut({
    tenantId: viewer.tenant_id,
    extension: EXTENSION_BY_TYPE[body.content_type],
    contentType: body.content_type,
    maxBytes: IMAGE_MAX_BYTES,
    expiresInSeconds: ARTWORK_PRESIGN_SECONDS,
  });
  return {
    uploadUrl: upload.uploadUrl,
    method: upload.method,
    headers: upload.headers,
    coverArtUrl: upload.url,
    expiresAt: new Date(upload.expiresAt),
    maxBytes: IMAGE_MAX_BYTES,
  };
};
