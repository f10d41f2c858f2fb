import { Messages, WRITTEN_ERN_VERSIONS, type EffectiveStoreConfig, type ReadinessProblem, type ReleaseSnapshot } from '@sv/contracts';
import type { StoreProfile } from './config-layers.ts';
import { dealTerritories } from './territory-rules.ts';

/*
 * What would stop (error) or weaken (warning) a delivery, found before submitting. Codes are
 * stable and machine-readable; messages are for people. Pure: `today` is passed in.
 */

const error = (code: string, message: string, field: string | null): ReadinessProblem => ({ severity: 'error', code, message, field });
const warning = (code: string, message: string, field: string | null): ReadinessProblem => ({ severity: 'warning', code, message, field });

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** Problems of the release itself: its tracks, files, dates and codes, and its selection as a whole. */
export const releaseProblems = (release: ReleaseSnapshot, stores: readonly EffectiveStoreConfig[]): ReadinessProblem[] => {
  const problems: ReadinessProblem[] = [];
  if (stores.length === 0) problems.push(error('dsps_missing', Messages.planNoStores, 'dsps'));
  else if (stores.every((store) => store.is_blocked)) problems.push(error('all_dsps_blocked', Messages.planAllStoresBlocked, 'dsps'));
  if (release.tracks.length === 0) problems.push(error('tracks_missing', Messages.planNoTracks, 'tracks'));
  release.tracks.forEach((track, index) => {
    if (!track.audio) problems.push(error('audio_missing', Messages.planTrackAudioMissing(track.position, track.title), `tracks[${index}].audio`));
    if (blank(track.isrc)) problems.push(error('isrc_missing', Messages.planTrackIsrcMissing(track.position, track.title), `tracks[${index}].isrc`));
  });
  if (!release.artwork) problems.push(error('artwork_missing', Messages.planArtworkMissing, 'artwork_url'));
  if (blank(release.release_date)) problems.push(error('release_date_missing', Messages.planReleaseDateMissing, 'release_date'));
  if (blank(release.upc)) problems.push(error('upc_missing', Messages.planUpcMissing, 'upc'));
  if (blank(release.genre)) problems.push(error('genre_missing', Messages.planGenreMissing, 'genre'));
  if (blank(release.artist?.name)) problems.push(error('display_artist_missing', Messages.planDisplayArtistMissing, 'artist_id'));
  const trackIds = new Set(release.tracks.map((track) => track.uuid.toLowerCase()));
  for (const store of stores) {
    store.track_withdrawals.forEach((withdrawal, index) => {
      if (trackIds.has(withdrawal.track_id)) return;
      problems.push(warning('track_withdrawal_unknown', Messages.planTrackWithdrawalUnknown(store.dsp.name, withdrawal.track_id), `dsps.${store.dsp.slug}.track_withdrawals[${index}]`));
    });
  }
  return problems;
};

/**
 * Problems of one store's delivery. A release date in the past matters only for a store not
 * delivered yet (status pending): an update to a live store keeps its original date.
 */
export const storeProblems = (profile: StoreProfile, config: EffectiveStoreConfig, today: string): ReadinessProblem[] => {
  const name = config.dsp.name;
  const problems: ReadinessProblem[] = [];
  if (config.is_blocked) problems.push(warning('dsp_blocked', Messages.planStoreBlocked(name), 'is_blocked'));
  if (!dealTerritories(config.territory_mode, config.territory_codes)) {
    problems.push(error('territories_empty', Messages.planTerritoriesEmpty(name), 'territory_codes'));
  } else if (config.deals.length === 0) {
    problems.push(error('deals_missing', Messages.planNoDeals(name), 'monetization_policy_codes'));
  }
  for (const policy of config.monetization_policy_codes) {
    if (!profile.default_monetization_policy_codes.includes(policy)) {
      problems.push(warning('policy_not_default', Messages.planPolicyNotOffered(name, policy), 'monetization_policy_codes'));
    }
  }
  if (config.release_date && config.status === 'pending' && config.release_date < today) {
    problems.push(warning('release_date_past', Messages.planReleaseDatePast(name, config.release_date), 'release_date'));
  }
  // Each store gets the version it is registered for; one the platform does not write cannot be sent.
  if (!(WRITTEN_ERN_VERSIONS as readonly string[]).includes(config.dsp.ern_version)) {
    problems.push(warning('ern_version_mismatch', Messages.planErnVersion(name, config.dsp.ern_version), null));
  }
  return problems;
};
