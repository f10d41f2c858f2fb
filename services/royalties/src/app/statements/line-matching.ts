import { RECORDINGS_MATCH_BATCH, type MatchedRelease, type MatchedTrack, type Principal } from '@sv/contracts';
import type { CataloguePort } from '../catalogue-port.ts';

/** What a line matched: a track by ISRC, else a release by UPC, else nothing. */
export interface LineMatch {
  matched: 'track' | 'release' | null;
  trackId: string | null;
  releaseId: string | null;
  artistId: string | null;
  /** The matched release's title, which a monthly statement's breakdown shows. */
  releaseTitle: string | null;
}

const UNMATCHED: LineMatch = { matched: null, trackId: null, releaseId: null, artistId: null, releaseTitle: null };

/** Codes compare without surrounding space and case (stores write ISRCs either way). */
export const normalCode = (code: string | null | undefined): string | null => {
  const trimmed = code?.trim().toUpperCase();
  return trimmed ? trimmed : null;
};

/**
 * Ties each line to what its codes found: a track by its ISRC first; only when that misses, a
 * release by its UPC; else nothing.
 */
export const linesMatchedBy = (
  lines: { isrc?: string | null | undefined; upc?: string | null | undefined }[],
  found: { tracks: readonly MatchedTrack[]; releases: readonly MatchedRelease[] },
): LineMatch[] => {
  const tracks = new Map(found.tracks.map((track) => [track.isrc.toUpperCase(), track]));
  const releases = new Map(found.releases.map((release) => [release.upc.toUpperCase(), release]));
  return lines.map((line) => {
    const isrc = normalCode(line.isrc);
    const track = isrc ? tracks.get(isrc) : undefined;
    if (track) return { matched: 'track', trackId: track.track_id, releaseId: track.release_id, artistId: track.artist_id, releaseTitle: track.release_title };
    const upc = normalCode(line.upc);
    const release = upc ? releases.get(upc) : undefined;
    if (release) return { matched: 'release', trackId: null, releaseId: release.release_id, artistId: release.artist_id, releaseTitle: release.title };
    return UNMATCHED;
  });
};

const batches = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/**
 * Matches report lines to the caller's catalogue, asking in batches of at most RECORDINGS_MATCH_BATCH
 * codes of each kind. A line is tied to a track by its ISRC first; only when that misses, to a
 * release by its UPC.
 */
export const matchLines = async (
  catalogue: CataloguePort,
  principal: Principal,
  lines: { isrc?: string | null | undefined; upc?: string | null | undefined }[],
): Promise<LineMatch[]> => {
  const isrcs = [...new Set(lines.map((line) => normalCode(line.isrc)).filter((code): code is string => code !== null))];
  const upcs = [...new Set(lines.map((line) => normalCode(line.upc)).filter((code): code is string => code !== null))];
  const tracks: MatchedTrack[] = [];
  const releases: MatchedRelease[] = [];
  const rounds = Math.max(Math.ceil(isrcs.length / RECORDINGS_MATCH_BATCH), Math.ceil(upcs.length / RECORDINGS_MATCH_BATCH));
  const isrcBatches = batches(isrcs, RECORDINGS_MATCH_BATCH);
  const upcBatches = batches(upcs, RECORDINGS_MATCH_BATCH);
  for (let round = 0; round < rounds; round += 1) {
    const reply = await catalogue.matchRecordings(principal, { isrcs: isrcBatches[round] ?? [], upcs: upcBatches[round] ?? [] });
    tracks.push(...reply.tracks);
    releases.push(...reply.releases);
  }
  return linesMatchedBy(lines, { tracks, releases });
};
