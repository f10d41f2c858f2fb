import { millionthsToPercentage } from '@sv/contracts';
import type { TrackSplit } from '../../db/entities/track-split.entity.ts';

export const presentSplit = (row: TrackSplit) => ({
  payee_type: row.payeeType as 'artist' | 'user' | 'writer' | 'external',
  name: row.name,
  email: row.email,
  artist_id: row.artistId,
  user_id: row.userId,
  writer_id: row.writerId,
  percentage: millionthsToPercentage(row.shareMillionths),
});

export const presentSplits = (trackId: string, rows: TrackSplit[]) => ({
  track_id: trackId,
  splits: rows.map(presentSplit),
  updated_at: rows.length > 0 ? new Date(Math.max(...rows.map((row) => row.createdAt.getTime()))).toISOString() : null,
});
