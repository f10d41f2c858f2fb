import type { TrackCreditsResource, WriterCreditRole } from '@sv/contracts';
import type { TrackCredit } from '../../db/entities/track-credit.entity.ts';

export interface CreditNames {
  writers: Map<string, string>;
  publishers: Map<string, string>;
  collaborators: Map<string, string>;
}

/** A track's credit rows (ordered by kind, then position) as the API shows them. */
export const presentTrackCredits = (rows: TrackCredit[], names: CreditNames): TrackCreditsResource => {
  const credits: TrackCreditsResource = { writers: [], publishers: [], collaborators: [] };
  for (const row of rows) {
    if (row.kind === 'writer' && row.writerId) {
      credits.writers.push({
        writer_id: row.writerId,
        name: names.writers.get(row.writerId) ?? '',
        role: row.role as WriterCreditRole,
        share: Number(row.share),
      });
    } else if (row.kind === 'publisher' && row.publisherId) {
      credits.publishers.push({
        publisher_id: row.publisherId,
        name: names.publishers.get(row.publisherId) ?? '',
        writer_id: row.writerId ?? null,
        share: Number(row.share),
      });
    } else if (row.kind === 'collaborator' && row.collaboratorId) {
      credits.collaborators.push({
        collaborator_id: row.collaboratorId,
        name: names.collaborators.get(row.collaboratorId) ?? '',
        role: row.role ?? '',
      });
    }
  }
  return credits;
};
