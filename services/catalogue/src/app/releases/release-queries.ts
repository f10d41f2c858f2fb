import type { EntityManager } from '@mikro-orm/postgresql';
import type { CursorMeta, OffsetMeta, PaginationQuery, ReleaseStatus, ReleaseTrackSummary, ReleaseType } from '@sv/contracts';
import { ValidationError, cursorPage, decodeCursor, offsetMeta, requestedCursor } from '@sv/platform';
import { Release } from '../../db/entities/release.entity.ts';
import { findVisibleRelease, visibleReleases, type ReleaseViewer } from './release-access.ts';
import { trackSummariesOf } from './release-tracks.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

const decodeReleaseCursor = (cursor: string): { createdAt: Date; id: string } => {
  const [createdAt, id] = decodeCursor(cursor, 2);
  const moment = typeof createdAt === 'string' ? new Date(createdAt) : undefined;
  if (!moment || Number.isNaN(moment.getTime()) || typeof id !== 'string' || !UUID.test(id)) {
    throw new ValidationError({ cursor: ['The cursor is invalid.'] });
  }
  return { createdAt: moment, id };
};

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
  const orderBy = { createdAt: 'desc', id: 'desc' } as const;
  const total = await em.count(Release, scope);
  const cursor = requestedCursor(query);
  let rows: Release[];
  let meta: OffsetMeta | CursorMeta;
  if (cursor !== undefined) {
    const after = cursor === '' ? undefined : decodeReleaseCursor(cursor);
    const where = after
      ? { ...scope, $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, id: { $lt: after.id } }] }
      : scope;
    const page = cursorPage(await em.find(Release, where, { orderBy, limit: query.per_page + 1 }), query.per_page, (release) => [
      release.createdAt.toISOString(),
      release.id,
    ]);
    rows = page.rows;
    meta = page.meta;
  } else {
    rows = await em.find(Release, scope, { orderBy, limit: query.per_page, offset: (query.page - 1) * query.per_page });
    meta = offsetMeta(total, query);
  }
  const tracks = await trackSummariesOf(
    em,
    rows.map((release) => release.id),
  );
  return { releases: rows.map((release) => ({ release, tracks: tracks.get(release.id) ?? [] })), total, meta };
};
