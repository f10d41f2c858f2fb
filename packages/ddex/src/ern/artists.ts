import type { TrackSnapshot } from '@sv/contracts';
import { cleanText } from '../xml/xml-text.ts';
import { contributorRole, displayArtistRole, type CodedValue, type DisplayArtistRole } from './coded-values.ts';
import type { PartyRegistry } from './parties.ts';

/** A DisplayArtist: who, shown how. */
export interface PlannedArtist {
  party: string;
  role: DisplayArtistRole;
  artistic_role: CodedValue | null;
}

/** A Contributor: one party with every role it is credited with on the track. */
export interface PlannedContributor {
  party: string;
  roles: CodedValue[];
}

/**
 * The track's display artists: its own artist (or the release's) as MainArtist, then the
 * additional artists with their roles; a party appears once, with the first role it was given.
 */
export const planTrackArtists = (
  track: TrackSnapshot,
  releaseArtistName: string,
  parties: PartyRegistry,
): { artists: PlannedArtist[]; display_artist_name: string } => {
  const primaryName = cleanText(track.artist_name ?? '') || releaseArtistName;
  const primary = parties.reference(primaryName);
  const artists: PlannedArtist[] = [{ party: primary, role: 'MainArtist', artistic_role: null }];
  const names = new Map<string, string>([[primary, primaryName]]);
  for (const additional of track.additional_artists) {
    const name = cleanText(additional.name);
    if (name === '') continue;
    const party = parties.reference(name);
    if (names.has(party)) continue;
    names.set(party, name);
    artists.push({ party, ...displayArtistRole(additional.role) });
  }
  // The display name credits the performing artists only, not remixers, composers and the like.
  const named = (roles: DisplayArtistRole[]) =>
    artists.filter((a) => roles.includes(a.role) && a.artistic_role === null).map((a) => names.get(a.party) ?? '');
  const featured = named(['FeaturedArtist']);
  const display = joinNames(named(['MainArtist', 'Artist'])) + (featured.length > 0 ? ` feat. ${joinNames(featured)}` : '');
  return { artists, display_artist_name: display };
};

/** `A`, `A & B`, `A, B & C`. */
const joinNames = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} & ${names[names.length - 1]}`;

/**
 * The track's contributors and credited writers, one Contributor per party in the order met,
 * each role mapped onto the AVS (unknown roles as UserDefined) and listed once.
 */
export const planContributors = (track: TrackSnapshot, parties: PartyRegistry): PlannedContributor[] => {
  const byParty = new Map<string, PlannedContributor>();
  for (const credit of [...track.contributors, ...track.credits]) {
    if (cleanText(credit.name) === '') continue;
    const party = parties.reference(credit.name);
    const contributor = byParty.get(party) ?? { party, roles: [] };
    byParty.set(party, contributor);
    if (cleanText(credit.role) === '') continue;
    const role = contributorRole(cleanText(credit.role));
    if (!contributor.roles.some((known) => known.value === role.value && known.user_defined === role.user_defined)) {
      contributor.roles.push(role);
    }
  }
  return [...byParty.values()];
};
