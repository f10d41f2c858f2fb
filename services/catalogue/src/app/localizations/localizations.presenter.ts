import type { ReleaseLocalizationResource, TrackLocalizationResource } from '@sv/contracts';
import type { ReleaseLocalization } from '../../db/entities/release-localization.entity.ts';
import type { Track } from '../../db/entities/track.entity.ts';

export const presentReleaseLocalization = (localization: ReleaseLocalization): ReleaseLocalizationResource => ({
  locale: localization.locale,
  title: localization.title ?? null,
  title_version: localization.titleVersion ?? null,
  label: localization.label ?? null,
  description: localization.description ?? null,
});

/** One entry per locale found in any of the track's localized maps, in locale order. */
export const presentTrackLocalizations = (track: Track): TrackLocalizationResource[] => {
  const titles = track.localizedTitles ?? {};
  const versions = track.localizedTitleVersions ?? {};
  const lyrics = track.localizedLyrics ?? {};
  const locales = [...new Set([...Object.keys(titles), ...Object.keys(versions), ...Object.keys(lyrics)])].sort();
  return locales.map((locale) => presentTrackLocalization(track, locale));
};

export const presentTrackLocalization = (track: Track, locale: string): TrackLocalizationResource => ({
  locale,
  title: track.localizedTitles?.[locale] ?? null,
  title_version: track.localizedTitleVersions?.[locale] ?? null,
  lyrics: track.localizedLyrics?.[locale] ?? null,
});
