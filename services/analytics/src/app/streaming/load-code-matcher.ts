import { systemPrincipal } from '@sv/contracts';
import type { ReportLoadDeps } from './report-load.ts';
import { matchReportCodes } from '../recording-codes/report-code-matching.ts';
import { matchCodes, type CodeMatches } from './code-matching.ts';

/** Codes a load remembers (matched or not) before it starts over: a bound on its memory whatever the file's size. */
export const REMEMBERED_CODES = 200_000;

/** What a line is tied to: its track by ISRC, else its release by UPC, else nothing. */
export interface LineMatch {
  trackId: string | null;
  releaseId: string | null;
  artistId: string | null;
  matchedBy: 'isrc' | 'upc' | null;
  /** The load's own number for this match (from 1), by which its rows name it; null when unmatched. */
  number: number | null;
}

/** A match that names something, as a load records it. */
export type NumberedMatch = LineMatch & { matchedBy: 'isrc' | 'upc'; number: number };

const UNMATCHED: LineMatch = { trackId: null, releaseId: null, artistId: null, matchedBy: null, number: null };

/**
 * What codes match in the tenant's catalogue. Analytics' own copy of the catalogue's codes
 * answers them in one join; only the codes it does not hold are asked of the catalogue (in rounds
 * of a thousand), because the copy follows the catalogue's events a moment behind: a track created
 * just before its first report still matches.
 */
const matchedInCatalogue = async (deps: ReportLoadDeps, tenantId: string, isrcs: string[], upcs: string[]): Promise<CodeMatches> => {
  const kept = await matchReportCodes(deps.orm.em.fork(), tenantId, isrcs, upcs);
  const missingIsrcs = isrcs.filter((isrc) => !kept.tracks.has(isrc.toUpperCase()));
  const missingUpcs = upcs.filter((upc) => !kept.releases.has(upc));
  if (missingIsrcs.length === 0 && missingUpcs.length === 0) return kept;
  const asked = await matchCodes(deps.catalogue, systemPrincipal(tenantId, 'analytics'), missingIsrcs, missingUpcs);
  return { tracks: new Map([...kept.tracks, ...asked.tracks]), releases: new Map([...kept.releases, ...asked.releases]) };
};

/**
 * A load's matcher: a batch of lines' codes are looked up together (`learn`) — only those the
 * load has not met yet — and each line is then tied from memory (`match`). A code that matched
 * nothing is remembered too, so it is asked once per load. Past REMEMBERED_CODES codes it forgets
 * and looks up again as codes come back. Each match learned is numbered in the load (a code met
 * again after forgetting gets a new number: two numbers may name one track) and waits in
 * `takeNewMatches` until the load records it.
 */
export const loadCodeMatcher = (deps: ReportLoadDeps, tenantId: string, remembered = REMEMBERED_CODES) => {
  const tracks = new Map<string, NumberedMatch | null>();
  const releases = new Map<string, NumberedMatch | null>();
  let numbered = 0;
  let learned = 0;
  let fresh: NumberedMatch[] = [];
  const numberedMatch = (match: Omit<NumberedMatch, 'number'>): NumberedMatch => {
    const made = { ...match, number: ++numbered };
    fresh.push(made);
    return made;
  };
  return {
    async learn(isrcs: Iterable<string>, upcs: Iterable<string>): Promise<void> {
      const batchIsrcs = [...new Set(isrcs)];
      const batchUpcs = [...new Set(upcs)];
      let newIsrcs = batchIsrcs.filter((isrc) => !tracks.has(isrc));
      let newUpcs = batchUpcs.filter((upc) => !releases.has(upc));
      if (newIsrcs.length === 0 && newUpcs.length === 0) return;
      if (tracks.size + releases.size + newIsrcs.length + newUpcs.length > remembered) {
        // Starting over forgets this batch's known codes too: they are looked up again with the new ones.
        tracks.clear();
        releases.clear();
        newIsrcs = batchIsrcs;
        newUpcs = batchUpcs;
      }
      learned += newIsrcs.length + newUpcs.length;
      const found = await matchedInCatalogue(deps, tenantId, newIsrcs, newUpcs);
      for (const isrc of newIsrcs) {
        const track = found.tracks.get(isrc.toUpperCase());
        tracks.set(isrc, track ? numberedMatch({ trackId: track.trackId, releaseId: track.releaseId, artistId: track.artistId, matchedBy: 'isrc' }) : null);
      }
      for (const upc of newUpcs) {
        const release = found.releases.get(upc);
        releases.set(upc, release ? numberedMatch({ trackId: null, releaseId: release.releaseId, artistId: release.artistId, matchedBy: 'upc' }) : null);
      }
    },
    /** The line's match; its codes must have been learned (with the batch it is in). The same object for the same code. */
    match(isrc: string | null, upc: string | null): LineMatch {
      return (isrc ? tracks.get(isrc) : undefined) ?? (upc ? releases.get(upc) : undefined) ?? UNMATCHED;
    },
    /** How many distinct codes the load has met, matched or not (a code met again after forgetting counts again). */
    codesLearned(): number {
      return learned;
    },
    /** How many matches learned since the last `takeNewMatches`. */
    newMatches(): number {
      return fresh.length;
    },
    /** The matches learned since it was last called, each once. */
    takeNewMatches(): NumberedMatch[] {
      const taken = fresh;
      fresh = [];
      return taken;
    },
  };
};

export type LoadCodeMatcher = ReturnType<typeof loadCodeMatcher>;
