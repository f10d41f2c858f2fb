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

/** Codes remembered by a load's matcher before it starts over: bounds its memory whatever the file's size. */
const REMEMBERED_CODES = 200_000;

type CodedLine = { isrc?: string | null | undefined; upc?: string | null | undefined };

const UNMATCHED: LineMatch = { matched: null, trackId: null, releaseId: null, artistId: null, releaseTitle: null };

/**
 * Matches the lines of one load batch by batch, as matchLinesKeptFirst does, remembering each
 * code's answer: a report names the same recordings on many lines, so each code is looked up once
 * in the copy (and, when the copy lacks it, asked once of the catalogue) for the whole load. A line
 * is tied to a track by its ISRC, the copy's answer else the catalogue's; only when that misses, to
 * a release by its UPC the same way. The copy is read through `em`, which need not be the load's
 * transaction: it only reads what the catalogue's events have written.
 */
export class LoadLineMatcher {
  readonly #tracks = new Map<string, LineMatch | null>();
  readonly #releases = new Map<string, LineMatch | null>();
  readonly #em: () => EntityManager;
  readonly #catalogue: CataloguePort;
  readonly #principal: Principal;
  readonly #remembered: number;

  constructor(em: () => EntityManager, catalogue: CataloguePort, principal: Principal, remembered = REMEMBERED_CODES) {
    this.#em = em;
    this.#catalogue = catalogue;
    this.#principal = principal;
    this.#remembered = remembered;
  }

  async match(lines: readonly CodedLine[]): Promise<LineMatch[]> {
    const isrcs = lines.map((line) => normalCode(line.isrc));
    await this.#learn(this.#tracks, isrcs, 'isrc');
    const trackOf = (index: number): LineMatch | null => {
      const isrc = isrcs[index];
      return isrc ? (this.#tracks.get(isrc) ?? null) : null;
    };
    // A UPC is looked up only for the lines no track matched.
    const upcs = lines.map((line, index) => (trackOf(index) ? null : normalCode(line.upc)));
    await this.#learn(this.#releases, upcs, 'upc');
    return lines.map((_, index) => {
      const upc = upcs[index];
      return trackOf(index) ?? (upc ? this.#releases.get(upc) : null) ?? UNMATCHED;
    });
  }

  /** Looks up the codes not yet known: in the copy first, then the catalogue for those it lacks; remembers every answer, a miss as null. */
  async #learn(known: Map<string, LineMatch | null>, codes: (string | null)[], kind: 'isrc' | 'upc'): Promise<void> {
    let unknown = [...new Set(codes.filter((code): code is string => code !== null && !known.has(code)))];
    if (unknown.length === 0) return;
    if (known.size + unknown.length > this.#remembered) {
      // Starting over forgets the batch's own known codes too: they are looked up again with the rest.
      known.clear();
      unknown = [...new Set(codes.filter((code): code is string => code !== null))];
    }
    const asLine = (code: string): CodedLine => (kind === 'isrc' ? { isrc: code } : { upc: code });
    const kept = await matchLinesByCodes(this.#em(), this.#principal, unknown.map(asLine));
    const lacking = unknown.filter((_, index) => kept[index]!.matched === null);
    const asked = lacking.length === 0 ? [] : await matchLines(this.#catalogue, this.#principal, lacking.map(asLine));
    unknown.forEach((code, index) => {
      if (kept[index]!.matched !== null) known.set(code, kept[index]!);
    });
    lacking.forEach((code, index) => known.set(code, asked[index]!.matched === null ? null : asked[index]!));
  }
}
