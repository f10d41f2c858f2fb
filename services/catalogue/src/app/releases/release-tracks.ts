import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReleaseTrackSummary } from '@sv/contracts';
import { Track } from '../../db/entities/track.entity.ts';

/** The live tracks of each release, as summaries ordered by position (one query for a whole page). */
export const trackSummariesOf = async (em: EntityManager, releaseIds: string[]): Promise<Map<string, ReleaseTrackSummary[]>> => {
  const summaries = new Map<string, ReleaseTrackSummary[]>(releaseIds.map((id) => [id, []]));
  if (releaseIds.length === 0) return summaries;
  const tracks = await em.find(
    Track,
    { releaseId: { $in: releaseIds }, deletedAt: null },
    { fields: ['id', 'releaseId', 'title', 'position'], orderBy: { position: 'asc', id: 'asc' } },
  );
  for (const track of tracks) {
    summaries.get(track.releaseId)?.push({ uuid: track.id, title: track.title, position: track.position });
  }
  return summaries;
};

/** How many live tracks a release has (the submit gate's "at least one track"). */
export const liveTrackCount = (em: EntityManager, releaseId: string): Promise<number> =>
  em.count(Track, { releaseId, deletedAt: null });
