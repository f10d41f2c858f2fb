import type { ReleaseLookupReply, ReleaseResource, ReleaseStatus, ReleaseTrackSummary, ReleaseType } from '@sv/contracts';
import type { Release } from '../../db/entities/release.entity.ts';

/** The release's own descriptive fields, as every reply that shows a release writes them. */
export const presentReleaseMetadata = (release: Release) => ({
  type: release.type as ReleaseType,
  status: release.status as ReleaseStatus,
  upc: release.upc,
  release_date: release.releaseDate ?? null,
  genre: release.genre,
  subgenre: release.subgenre ?? null,
  language: release.language ?? null,
  label: release.label ?? null,
  copyright_year: release.copyrightYear,
  copyright_holder: release.copyrightHolder ?? null,
});

/** The release as the API shows it; `cover_art_url` reads back the stored cover (= artwork_url). */
export const presentRelease = (release: Release, tracks: ReleaseTrackSummary[]): ReleaseResource => ({
  uuid: release.id,
  title: release.title,
  ...presentReleaseMetadata(release),
  artwork_url: release.artworkUrl ?? null,
  cover_art_url: release.artworkUrl ?? null,
  artist_id: release.artistId ?? null,
  rejection_reason: release.rejectionReason ?? null,
  tracks,
  created_at: release.createdAt.toISOString(),
  updated_at: release.updatedAt.toISOString(),
});

/** What other services need of a release: identity, state and artist (ReleaseLookupReply). */
export const presentReleaseRef = (release: Release): ReleaseLookupReply => ({
  release: {
    uuid: release.id,
    title: release.title,
    status: release.status as ReleaseStatus,
    artist_id: release.artistId ?? null,
    release_date: release.releaseDate ?? null,
  },
});
