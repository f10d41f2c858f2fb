import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { Principal, ReleaseImportBody } from '@sv/contracts';
import { DomainError, assertCanCreateRelease, type FieldErrors } from '@sv/platform';
import { Release } from '../../db/entities/release.entity.ts';
import { Track } from '../../db/entities/track.entity.ts';
import { createTrack, type TrackSettings } from '../tracks/tracks.service.ts';
import { findOrCreateArtistByName } from './artist-by-name.ts';
import { findVisibleReleaseByUpc } from './release-access.ts';
import { updateReleaseFromImport } from './release-import-update.ts';
import { createRelease, type ReleaseWriteDeps } from './releases.service.ts';

/** A track's field errors under the track's place in the import (`tracks.2.isrc`). */
const underTrack = (error: unknown, index: number): unknown => {
  if (!(error instanceof DomainError) || !error.fields) return error;
  const fields: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.fields)) fields[`tracks.${index}.${field}`] = messages;
  return new DomainError(error.kind, error.message, { code: error.code, fields, headers: error.headers });
};

export interface ImportedRelease {
  release: Release;
  tracks: Track[];
  /** An existing release with the message's UPC was updated (existing_upc: update). */
  updated?: boolean;
}

/** The live release an earlier run of the same job item made, with its tracks. */
const alreadyImported = async (em: EntityManager, tenantId: string, importKey: string): Promise<ImportedRelease | null> => {
  const release = await em.findOne(Release, { tenantId, importKey, deletedAt: null });
  if (!release) return null;
  const tracks = await em.find(Track, { releaseId: release.id, deletedAt: null }, { orderBy: { discNumber: 'asc', position: 'asc' } });
  return { release, tracks };
};

/**
 * A release and its tracks in one transaction, for the ingestion channels: a track that fails
 * leaves no release, no other track and no event behind. A caller that may name the artist and
 * names none gets the tenant's artist of `artist_name`, created when there is none. With an
 * import key, importing the same job item again answers with the release it made the first time.
 */
export const importRelease = async (
  deps: ReleaseWriteDeps,
  em: EntityManager,
  principal: Principal,
  body: ReleaseImportBody,
  settings: TrackSettings,
): Promise<ImportedRelease> => {
  const authorship = assertCanCreateRelease(principal);
  const tenantId = principal.tenant_id;
  const importKey = body.import_key;
  if (importKey) {
    const earlier = await alreadyImported(em, tenantId, importKey);
    if (earlier) return earlier;
  }
  const { tracks: trackInputs, ...named } = body.release;
  // The artist first, outside the release's transaction: it is the tenant's directory, kept even if the release fails.
  const releaseInput =
    authorship.artist === 'named' && !named.artist_id && body.artist_name
      ? { ...named, artist_id: (await findOrCreateArtistByName(em.fork(), tenantId, body.artist_name)).id }
      : named;
  const existing = body.existing_upc === 'update' && named.upc ? await findVisibleReleaseByUpc(em, principal, named.upc).catch(() => null) : null;
  if (existing) {
    const updated = await em.transactional((tx) =>
      updateReleaseFromImport(deps, tx, principal, existing.id, releaseInput, trackInputs, settings, underTrack),
    );
    return { ...updated, updated: true };
  }
  try {
    return await em.transactional(async (tx) => {
      const input = releaseInput;
      const release = await createRelease(deps, tx, tenantId, authorship, input);
      if (importKey) release.importKey = importKey;
      const tracks: Track[] = [];
      for (const [index, track] of trackInputs.entries()) {
        try {
          tracks.push(await createTrack(tx, principal, release.id, track, settings));
        } catch (error) {
          throw underTrack(error, index);
        }
      }
      return { release, tracks };
    });
  } catch (error) {
    // Two runs of one item at once: the one that lost the race answers with the winner's release.
    if (importKey && error instanceof UniqueConstraintViolationException && error.message.includes('release_tenant_import_key_live_uq')) {
      const winner = await alreadyImported(em.fork(), tenantId, importKey);
      if (winner) return winner;
    }
    throw error;
  }
};
