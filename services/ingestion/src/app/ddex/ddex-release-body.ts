import { normalizeIswc, upcOfIcpn } from '@sv/contracts';
import { isWebUrl } from '../media/planned-media.ts';
import type { IngestedErnArtist, IngestedErnRelease, IngestedErnRightsLine, IngestedErnTitle, IngestedErnTrack } from '@sv/ddex';

const MAIN_ROLES = new Set(['MainArtist', 'PrimaryArtist']);

/** The first main artist's name, or the display artist name, or the first artist at all. */
const mainArtistOf = (artists: IngestedErnArtist[], displayName?: string): string | undefined =>
  artists.find((artist) => MAIN_ROLES.has(artist.role))?.name ?? displayName ?? artists[0]?.name;

/**
 * The holder of a ℗ or © line: messages often repeat the mark and the year in the text
 * ("(P) 1994 EMI Music Japan Inc."), which the platform writes itself when it builds a line.
 */
export const holderOf = (line: IngestedErnRightsLine): string => {
  const unmarked = line.text.replace(/^\s*(?:\(P\)|\(C\)|℗|©)\s*/i, '');
  const unyeared = line.year !== undefined ? unmarked.replace(new RegExp(`^${line.year}\\b[\\s,]*`), '') : unmarked;
  return unyeared.trim() || line.text.trim();
};

/** Localized titles keyed by locale; DDEX language-and-script codes are BCP-47 already. */
const localizedTitles = (titles: IngestedErnTitle[]): Record<string, string> | undefined =>
  titles.length === 0 ? undefined : Object.fromEntries(titles.map((title) => [title.language, title.title]));

const trackBody = (track: IngestedErnTrack, releaseArtist: string | undefined) => {
  const trackArtist = mainArtistOf(track.displayArtists);
  return {
    title: track.title,
    position: track.sequenceNumber,
    disc_number: track.discNumber,
    explicit: track.explicit,
    ...(track.isrc ? { isrc: track.isrc } : {}),
    ...(track.iswc && normalizeIswc(track.iswc) ? { iswc: normalizeIswc(track.iswc) } : {}),
    ...(track.durationSeconds !== undefined ? { duration: Math.round(track.durationSeconds) } : {}),
    ...(track.language ? { language: track.language } : {}),
    ...(track.subtitle ? { title_version: track.subtitle } : {}),
    ...(trackArtist && trackArtist !== releaseArtist ? { artist_name: trackArtist } : {}),
    ...(track.pLine?.year ? { copyright_year: track.pLine.year } : {}),
    ...(track.pLine?.text ? { copyright_holder: holderOf(track.pLine) } : {}),
    additional_artists: track.displayArtists.filter((artist) => !MAIN_ROLES.has(artist.role)).map((artist) => ({ name: artist.name, role: artist.role })),
    contributors: track.contributors.flatMap((contributor) => contributor.roles.map((role) => ({ name: contributor.name, role }))),
    ...(localizedTitles(track.localizedTitles) ? { localized_titles: localizedTitles(track.localizedTitles) } : {}),
  };
};

/**
 * The release of a DDEX message as /ingestion/json takes it, with the name of its main artist
 * (found or created in the tenant by the catalogue). Values are handed on as the message gives
 * them; the registry's schema decides what is acceptable.
 */
export const ddexReleaseBody = (release: IngestedErnRelease): { release: Record<string, unknown>; artistName: string | undefined; warnings: string[] } => {
  const artistName = mainArtistOf(release.displayArtists, release.displayArtistName);
  const rights = release.cLine ?? release.pLine;
  // Messages in the wild carry placeholder ISWCs (a wrong check digit): the work code is left out, not the whole release.
  const warnings = release.tracks
    .filter((track) => track.iswc && !normalizeIswc(track.iswc))
    .map((track) => `Track ${track.sequenceNumber}${track.isrc ? ` (${track.isrc})` : ''}: ${JSON.stringify(track.iswc)} is not an ISWC (ISO 15707), so the track is imported without one.`);
  return {
    artistName,
    warnings,
    release: {
      title: release.title,
      type: release.platformType,
      release_date: release.releaseDate,
      genre: release.genre,
      ...(release.subgenre ? { subgenre: release.subgenre } : {}),
      ...(release.labelName ? { label: release.labelName } : {}),
      ...(release.upc ? { upc: upcOfIcpn(release.upc) } : {}),
      ...(rights?.year ? { copyright_year: rights.year } : {}),
      ...(rights?.text ? { copyright_holder: holderOf(rights) } : {}),
      // A cover named by URL is fetched by the catalogue under its outbound guard, as any cover_art_url.
      ...(release.frontCover && isWebUrl(release.frontCover.uri) ? { cover_art_url: release.frontCover.uri } : {}),
      tracks: release.tracks.map((track) => trackBody(track, artistName)),
    },
  };
};
