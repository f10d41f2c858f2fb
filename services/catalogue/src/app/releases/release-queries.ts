import type { EntityManager } from '@mikro-orm/postgresql';
import type { CursorMeta, OffsetMeta, PaginationQuery, ReleaseStatus, ReleaseTrackSummary, ReleaseType } from '@sv/contracts';
import { findPage } from '@sv/platform';
import { Release } from '../../db/entities/release.entity.ts';
import { findVisibleRelease, visibleReleases, type ReleaseViewer } from './release-access.ts';
import { trackSummariesOf } from './release-tracks.ts';

export interface ReleaseWithTracks {
  release: Release;
  tracks: ReleaseTrackSummary[];
}

/** GET /releases/{uuid}: the release with its track summaries. */
export const getRelease = async (em: EntityManager, viewer: ReleaseViewer, releaseId: string): Promise<ReleaseWithTracks> => {
  const release = await findVisibleRelease(em, viewer, releaseId);
  return { release, tracks: (await trackSummariesOf(em, [release.id])).get(release.id) ?? [] };
};

/** The track summaries of a release already read (create and update replies). */
export const withTracks = async (em: EntityManager, release: Release): Promise<ReleaseWithTracks> => ({
  release,
  tracks: (await trackSummariesOf(em, [release.id])).get(release.id) ?? [],
});

export type ReleaseListQuery = PaginationQuery & {
  status?: ReleaseStatus[] | undefined;
  type?: ReleaseType[] | undefined;
};

export interface ReleasePage {
  releases: ReleaseWithTracks[];
  total: number;
  meta: OffsetMeta | CursorMeta;
}

/**
 * GET /releases: the releases the principal may see, newest first (created_at, then uuid, both
 * descending), optionally filtered by status and type, in offset or cursor mode.
 */
export const listReleases = async (em: EntityManager, viewer: ReleaseViewer, query: ReleaseListQuery): Promise<ReleasePage> => {
  const scope = {
    ...visibleReleases(viewer),
    ...(query.status?.length ? { status: { $in: query.status } } : {}),
    ...(query.type?.length ? { type: { $in: query.type } } : {}),
  };
  const { rows, total, meta } = await findPage(em, Release, scope, {
    query,
    order: [
      { property: 'createdAt', direction: 'desc', type: 'date' },
      { property: 'id', direction: 'desc', type: 'uuid' },
    ],
  });
  const tracks = await trackSummariesOf(
    em,
    rows.map((release) => release.id),
  );
  return { releases: rows.map((release) => ({ release, tracks: tracks.get(release.id) ?? [] })), total, meta };
};
