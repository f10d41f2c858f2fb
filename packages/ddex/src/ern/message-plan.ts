import type { TrackSnapshot } from '@sv/contracts';
import { cleanText } from '../xml/xml-text.ts';
import { planContributors, planTrackArtists, type PlannedArtist, type PlannedContributor } from './artists.ts';
import { ErnBuildError, type ArtworkFileInfo, type AudioFileInfo, type ErnBuildInput } from './build-input.ts';
import { planDeals, trackDeals, type PlannedDeal } from './deal-terms.ts';
import { languageTag } from './language.ts';
import { PartyRegistry } from './parties.ts';
import { sortTracks } from './ordering.ts';

/*
 * Everything the writers need, decided once: message-local references (P…, A…, T…, R…), the
 * parties in first-met order, tracks in disc/position order and the deals. The writers then
 * only print, so the same input always yields the same bytes.
 */

export interface PlannedTrack {
  track: TrackSnapshot;
  /** Null only in a takedown, which may be sent after a track's audio is gone. */
  audio: AudioFileInfo | null;
  /** ResourceReference of its SoundRecording, A1… */
  resource: string;
  /** TechnicalResourceDetailsReference, T1… */
  technical: string;
  /** ReleaseReference of its TrackRelease, R1… */
  release: string;
  artists: PlannedArtist[];
  display_artist_name: string;
  contributors: PlannedContributor[];
  duration_ms: number;
  /** Its TrackRelease's deals: the release's, less what the store's override withdrew from this track. */
  deals: PlannedDeal[];
}

export interface MessagePlan {
  input: ErnBuildInput;
  /** The message's default LanguageAndScriptCode. */
  language: string;
  parties: PartyRegistry;
  release_artist: { name: string; party: string };
  /** PartyReference of the label. */
  label: string;
  /** Who the P and C lines name when the release or track names nobody. */
  copyright_holder: string;
  tracks: PlannedTrack[];
  image: { resource: string; technical: string; file: ArtworkFileInfo } | null;
  /** Empty for a takedown, never empty otherwise. */
  deals: PlannedDeal[];
}

/** The main release's ReleaseReference; track releases follow as R1, R2… */
export const MAIN_RELEASE = 'R0';

/** When a release names no artist it is a compilation; DDEX still needs a display artist. */
const COMPILATION_ARTIST = 'Various Artists';

export const planMessage = (input: ErnBuildInput): MessagePlan => {
  const { release } = input;
  if (release.tracks.length === 0) throw new ErnBuildError(`Release ${release.upc} has no tracks.`);
  const parties = new PartyRegistry();

  const releaseArtistName = cleanText(release.artist?.name ?? '') || COMPILATION_ARTIST;
  const release_artist = { name: releaseArtistName, party: parties.reference(releaseArtistName) };

  // A release without a label of its own is released by its tenant.
  const labelName = cleanText(release.label ?? '') || input.sent_on_behalf_of.name;
  const label = parties.reference(labelName, 'label');
  for (const localization of release.localizations) {
    const language = languageTag(localization.locale);
    if (language && localization.label) parties.addLocalizedName(label, language, localization.label);
  }

  const deals = input.kind === 'takedown' ? [] : requireDeals(input, planDeals(input));
  const tracks = sortTracks(release.tracks).map((track, index): PlannedTrack => {
    const audio = input.audio_files[track.uuid] ?? null;
    if (!audio && input.kind !== 'takedown') throw new ErnBuildError(`Track ${track.isrc} (${track.uuid}) has no audio file.`);
    const { artists, display_artist_name } = planTrackArtists(track, releaseArtistName, parties);
    return {
      track,
      audio,
      resource: `A${index + 1}`,
      technical: `T${index + 1}`,
      release: `R${index + 1}`,
      artists,
      display_artist_name,
      contributors: planContributors(track, parties),
      duration_ms: trackDuration(track, audio),
      deals: trackDeals(input, track.uuid, deals),
    };
  });

  const next = tracks.length + 1;
  const image = input.artwork_file ? { resource: `A${next}`, technical: `T${next}`, file: input.artwork_file } : null;

  return {
    input,
    language: languageTag(release.language) ?? languageTag(tracks[0]?.track.language) ?? 'en',
    parties,
    release_artist,
    label,
    copyright_holder: cleanText(release.copyright_holder ?? '') || labelName,
    tracks,
    image,
    deals,
  };
};

/** The measured length of the audio; the length given with the track when nothing was measured. */
const trackDuration = (track: TrackSnapshot, audio: AudioFileInfo | null): number => {
  if (audio && Number.isFinite(audio.duration_ms) && audio.duration_ms > 0) return audio.duration_ms;
  if (track.duration_seconds !== null && track.duration_seconds > 0) return track.duration_seconds * 1000;
  throw new ErnBuildError(`Track ${track.isrc} has no duration.`);
};

/** In ERN 4 a message without deals takes the release down, so a new delivery or update must carry some. */
const requireDeals = (input: ErnBuildInput, deals: PlannedDeal[]): PlannedDeal[] => {
  if (deals.length > 0) return deals;
  throw new ErnBuildError(
    `Release ${input.release.upc} has no deal that covers a territory for ${input.store.dsp.slug} ` +
      `(${input.store.deals.length} given); an ERN 4 message without deals would take the release down.`,
  );
};
