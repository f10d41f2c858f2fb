import type { EntityManager } from '@mikro-orm/postgresql';
import { TrackSplit } from '../../db/entities/track-split.entity.ts';
import type { SplitShare } from './payee-allocation.ts';

/** The splits in force for some tracks, each in its row order, in one query whatever the number of tracks. */
export const splitsInForce = async (em: EntityManager, tenantId: string, trackIds: readonly string[]): Promise<Map<string, SplitShare[]>> => {
  const splits = new Map<string, SplitShare[]>();
  const distinct = [...new Set(trackIds)];
  if (distinct.length === 0) return splits;
  const rows = await em.find(TrackSplit, { tenantId, trackId: { $in: distinct }, deletedAt: null }, { orderBy: { trackId: 'asc', position: 'asc' } });
  for (const row of rows) {
    const list = splits.get(row.trackId) ?? [];
    list.push({
      payeeType: row.payeeType as SplitShare['payeeType'],
      artistId: row.artistId ?? null,
      userId: row.userId ?? null,
      writerId: row.writerId ?? null,
      name: row.name,
      email: row.email ?? null,
      shareMillionths: row.shareMillionths,
    });
    splits.set(row.trackId, list);
  }
  return splits;
};
