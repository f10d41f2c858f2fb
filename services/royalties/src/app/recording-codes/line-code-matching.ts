import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { matchRecordingCodes } from '@sv/platform';
import { ROYALTIES_SCHEMA } from '../../db/index.ts';
import type { CataloguePort } from '../catalogue-port.ts';
import { linesMatchedBy, matchLines, normalCode, type LineMatch } from '../statements/line-matching.ts';

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
  return linesMatchedBy(lines, found);
};

/** A line the copy could not tie to a track by its ISRC, or (without an ISRC) to a release by its UPC. */
const worthAsking = (line: { isrc?: string | null | undefined; upc?: string | null | undefined }, kept: LineMatch): boolean =>
  normalCode(line.isrc) !== null ? kept.matched !== 'track' : normalCode(line.upc) !== null && kept.matched === null;

/**
 * Matches lines against royalties' own copy of the catalogue's codes first, in one join; only the
 * lines it leaves short are asked of the catalogue, because the copy follows the catalogue's events
 * a moment behind and a track created just before its first report must still match. A line keeps
 * the better of the two answers (a track over a release over nothing).
 */
export const matchLinesKeptFirst = async (
  em: EntityManager,
  catalogue: CataloguePort,
  principal: Principal,
  lines: { isrc?: string | null | undefined; upc?: string | null | undefined }[],
): Promise<LineMatch[]> => {
  const kept = await matchLinesByCodes(em, principal, lines);
  const short = lines.flatMap((line, index) => (worthAsking(line, kept[index]!) ? [index] : []));
  if (short.length === 0) return kept;
  const asked = await matchLines(
    catalogue,
    principal,
    short.map((index) => lines[index]!),
  );
  const rank = (match: LineMatch): number => (match.matched === 'track' ? 2 : match.matched === 'release' ? 1 : 0);
  short.forEach((lineIndex, askedIndex) => {
    const answer = asked[askedIndex]!;
    if (rank(answer) > rank(kept[lineIndex]!)) kept[lineIndex] = answer;
  });
  return kept;
};
