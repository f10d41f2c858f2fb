import { WORLDWIDE, addCalendarDays, type DspOverrideBody, type EffectiveStoreConfig, type OnboardingChange, type ReleaseSnapshot } from '@sv/contracts';
import { ConflictError } from '@sv/platform';
import { Messages } from '@sv/contracts';

/*
 * What each settings step of an onboarding series changes, decided from what the store receives
 * now: the per-DSP override to write and the change it makes, in words a certification reviewer
 * compares with the message. Pure: `today` is passed in.
 */

export interface StoreChange {
  override: DspOverrideBody;
  changes: OnboardingChange[];
}

/** Territories distributors are commonly asked to leave out; the series excludes the first not yet excluded. */
const EXCLUDABLE = ['KP', 'CU', 'IR', 'SY', 'BY', 'RU'];

/** A territory code that is not in `taken`, from the list, for a change that is visibly one. */
const firstNotIn = (taken: readonly string[], candidates: readonly string[]): string => candidates.find((code) => !taken.includes(code)) ?? 'AQ';

const territoriesOf = (mode: string, codes: readonly string[]): string =>
  mode === 'exclude' ? `${WORLDWIDE} except ${codes.join(', ')}` : codes.join(', ');

/**
 * One territory less: Worldwide becomes Worldwide but one territory; a list of several loses its
 * last; an exclusion list grows by one; a single territory gains a second (a change all the same).
 */
export const territoriesChange = (store: EffectiveStoreConfig): StoreChange => {
  const { territory_mode: mode, territory_codes: codes } = store;
  let next: { territory_mode: 'include' | 'exclude'; territory_codes: string[] };
  if (mode === 'exclude') next = { territory_mode: 'exclude', territory_codes: [...codes, firstNotIn(codes, EXCLUDABLE)] };
  else if (codes.includes(WORLDWIDE)) next = { territory_mode: 'exclude', territory_codes: [firstNotIn([], EXCLUDABLE)] };
  else if (codes.length > 1) next = { territory_mode: 'include', territory_codes: codes.slice(0, -1) };
  else next = { territory_mode: 'include', territory_codes: [...codes, firstNotIn(codes, ['GB', 'US'])] };
  return {
    override: next,
    changes: [{ field: 'territories', from: territoriesOf(mode, codes), to: territoriesOf(next.territory_mode, next.territory_codes) }],
  };
};

/** The store's release date a week later (two weeks from today for a release without one). */
export const releaseDateChange = (store: EffectiveStoreConfig, today: string): StoreChange => {
  const next = store.release_date ? addCalendarDays(store.release_date, 7) : addCalendarDays(today, 14);
  return { override: { release_date: next }, changes: [{ field: 'release_date', from: store.release_date, to: next }] };
};

/** Use types that make a deal a stream (DDEX UseType values). */
const STREAM_USE_TYPES = new Set(['Stream', 'OnDemandStream', 'NonInteractiveStream', 'ConditionalDownload']);

/** The release's first track in disc and position order. */
const firstTrack = (release: ReleaseSnapshot) =>
  [...release.tracks].sort((a, b) => (a.disc_number ?? 1) - (b.disc_number ?? 1) || a.position - b.position)[0];

/** The first track loses the store's streaming policies; the other tracks and the release keep them. */
export const trackStreamingWithdrawal = (store: EffectiveStoreConfig, release: ReleaseSnapshot): StoreChange => {
  const streaming = [...new Set(store.deals.filter((deal) => deal.use_types.some((use) => STREAM_USE_TYPES.has(use))).map((deal) => deal.policy_code))];
  const track = firstTrack(release);
  if (streaming.length === 0 || !track) throw new ConflictError(Messages.onboardingNoStreaming(store.dsp.name), 'delivery.onboarding_no_streaming');
  const others = store.track_withdrawals.filter((withdrawal) => withdrawal.track_id !== track.uuid.toLowerCase());
  return {
    override: { track_withdrawals: [...others, { track_id: track.uuid, monetization_policy_codes: streaming }] },
    changes: [{ field: `track ${track.isrc} (${track.title}) policies withdrawn`, from: [], to: streaming }],
  };
};
