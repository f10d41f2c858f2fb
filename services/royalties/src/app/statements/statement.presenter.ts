import type { RoyaltyLineItem } from '../../db/entities/royalty-line-item.entity.ts';
import type { RoyaltyStatement } from '../../db/entities/royalty-statement.entity.ts';
import { microsToNumber } from '../ledger/money.ts';
import type { ArtistTotal } from './statements.service.ts';

type Status = 'processing' | 'completed' | 'approved' | 'paid' | 'failed';

export const presentStatement = (statement: RoyaltyStatement) => ({
  uuid: statement.id,
  period: statement.period,
  currency: statement.currency,
  total_revenue: microsToNumber(statement.totalMicros),
  filename: statement.filename ?? null,
  status: statement.status as Status,
  line_count: statement.lineCount,
  unmatched_count: statement.unmatchedCount,
  created_at: statement.createdAt.toISOString(),
  updated_at: statement.updatedAt.toISOString(),
  approved_at: statement.approvedAt?.toISOString() ?? null,
  paid_at: statement.paidAt?.toISOString() ?? null,
});

export const presentLineItem = (line: RoyaltyLineItem) => ({
  id: line.id,
  dsp_name: line.dspName,
  track_title: line.trackTitle,
  artist_name: line.artistName,
  revenue: microsToNumber(line.revenueMicros),
  streams: line.streams,
  isrc: line.isrc,
  upc: line.upc,
  period: line.period,
  matched: line.matched as 'track' | 'release' | null,
  track_id: line.trackId,
  release_id: line.releaseId,
  artist_id: line.artistId,
  release_title: line.releaseTitle,
});

export const presentStatementDetail = (statement: RoyaltyStatement, lines: RoyaltyLineItem[]) => ({
  ...presentStatement(statement),
  line_items: lines.map(presentLineItem),
});

export const presentSummary = (statement: RoyaltyStatement, artists: ArtistTotal[]) => ({
  statement_id: statement.id,
  period: statement.period,
  currency: statement.currency,
  total_revenue: microsToNumber(statement.totalMicros),
  artists: artists.map((artist) => ({
    artist_id: artist.artistId,
    artist_name: artist.artistName,
    total_revenue: microsToNumber(artist.totalMicros),
    line_count: artist.lineCount,
  })),
});
