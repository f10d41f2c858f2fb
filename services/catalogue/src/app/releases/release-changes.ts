import type { EntityManager } from '@mikro-orm/postgresql';
import { ReleaseEvents, type ReleaseStatus } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import type { Release } from '../../db/entities/release.entity.ts';

/** The payload of the release events that carry the new status. */
export const releaseChange = (release: Release) => ({
  release_id: release.id,
  title: release.title,
  status: release.status as ReleaseStatus,
});

/** Records release.artwork.uploaded for the cover the release now has. */
export const recordArtworkUploaded = (em: EntityManager, release: Release): void => {
  if (!release.artworkUrl) return;
  recordEvent(em, ReleaseEvents.artworkUploaded, release.tenantId, {
    release_id: release.id,
    title: release.title,
    artwork_url: release.artworkUrl,
  });
};
