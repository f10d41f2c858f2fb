import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { matchRecordingCodes } from '@sv/platform';
import { ROYALTIES_SCHEMA } from '../../db/index.ts';
import { normalCode, type LineMatch } from '../statements/line-matching.ts';

const codesOf = (lines: (string | null | undefined)[]): string[] =>
  [...new Set(lines.map(normalCode).filter((code): code is string => code !== null))];

/**
 * Matches report lines to the caller's catalogue as royalties keeps it (the recording codes
 * followed from the catalogue's events), in one join for all the lines' ISRCs and one for their
 * UPCs. A line is tied to a track by its ISRC first; only when that misses, to a release by its
 * UPC. Answers what the catalogue-asking `matchLines` answers for the same lines.
 */
export const matchLinesByCodes = async (
  em: EntityManager,
  principal: Principal,
  lines: { isrc?: string | null | undefined; upc?: string | null | undefined }[],
): Promise<LineMatch[]> => {
  const found = await matchRecordingCodes(em, ROYALTIES_SCHEMA, principal, {
    isrcs: codesOf(lines.map((line) => line.isrc)),
    upcs: codesOf(lines.map((line) => line.upc)),
  });
  const tracks = new Map(found.tracks.map((track) => [track.isrc.toUpperCase(), track]));
  const releases = new Map(found.releases.map((release) => [release.upc.toUpperCase(), release]));
  return lines.map((line): LineMatch => {
    const isrc = normalCode(line.isrc);
    const track = isrc ? tracks.get(isrc) : undefined;
    if (track) return { matched: 'track', trackId: track.track_id, releaseId: track.release_id, artistId: track.artist_id, releaseTitle: track.release_title };
    const upc = normalCode(line.upc);
    const release = upc ? releases.get(upc) : undefined;
    if (release) return { matched: 'release', trackId: null, releaseId: release.release_id, artistId: release.artist_id, releaseTitle: release.title };
    return { matched: null, trackId: null, releaseId: null, artistId: null, releaseTitle: null };
  });
};
