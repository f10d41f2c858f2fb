import type { EntityManager } from '@mikro-orm/postgresql';
import { matchRecordingCodes } from '@sv/platform';
import { ANALYTICS_SCHEMA } from '../../db/index.ts';
import { barcodeForms, type CodeMatches, type ReleaseMatch, type TrackMatch } from '../streaming/code-matching.ts';

/**
 * Ties a report's distinct codes to the tenant's catalogue as analytics keeps it (the recording
 * codes followed from the catalogue's events): ISRCs to tracks and barcodes, in every form, to
 * releases, in one join each rather than a request per thousand codes. Answers what the
 * catalogue-asking `matchCodes` answers for the same codes.
 */
export const matchReportCodes = async (em: EntityManager, tenantId: string, isrcs: Iterable<string>, upcs: Iterable<string>): Promise<CodeMatches> => {
  const reportedUpcs = [...new Set(upcs)];
  const found = await matchRecordingCodes(em, ANALYTICS_SCHEMA, { tenant_id: tenantId, artist_id: null }, {
    isrcs,
    upcs: reportedUpcs.flatMap(barcodeForms),
  });
  const tracks = new Map<string, TrackMatch>();
  for (const track of found.tracks) tracks.set(track.isrc.toUpperCase(), { trackId: track.track_id, releaseId: track.release_id, artistId: track.artist_id });
  const releasesByForm = new Map<string, ReleaseMatch>(
    found.releases.map((release) => [release.upc, { releaseId: release.release_id, artistId: release.artist_id }]),
  );
  const releases = new Map<string, ReleaseMatch>();
  for (const code of reportedUpcs) {
    const match = barcodeForms(code).map((form) => releasesByForm.get(form)).find((candidate) => candidate !== undefined);
    if (match) releases.set(code, match);
  }
  return { tracks, releases };
};
