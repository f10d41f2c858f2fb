import type { ReleaseSnapshot, TrackSnapshot } from '@sv/contracts';
import { cleanText } from '../xml/xml-text.ts';
import { languageTag } from './language.ts';
import { compareStrings } from './ordering.ts';

/** A title with its version ("Remastered 2024", "Live"), if any. */
export interface Title {
  title: string;
  version: string | null;
}

/** A title in another language, by LanguageAndScriptCode. */
export interface LocalizedTitle extends Title {
  language: string;
}

/** The title as displayed in one line: `Title (Version)`. */
export const displayTitleText = ({ title, version }: Title): string => {
  const cleanVersion = cleanText(version ?? '');
  return cleanVersion === '' ? title : `${title} (${cleanVersion})`;
};

/** Localized entries by valid, distinct language tag, in tag order so output never depends on key order. */
const byLanguage = (entries: Iterable<[string, Title]>): LocalizedTitle[] => {
  const seen = new Map<string, LocalizedTitle>();
  const sorted = [...entries].sort(([a], [b]) => compareStrings(a, b));
  for (const [locale, title] of sorted) {
    const language = languageTag(locale);
    if (language && !seen.has(language)) seen.set(language, { language, ...title });
  }
  return [...seen.values()].sort((a, b) => compareStrings(a.language, b.language));
};

export const trackTitles = (track: TrackSnapshot): { main: Title; localized: LocalizedTitle[] } => {
  const locales = new Set([...Object.keys(track.localized_titles), ...Object.keys(track.localized_title_versions)]);
  return {
    main: { title: track.title, version: track.title_version },
    localized: byLanguage(
      [...locales].map((locale) => [
        locale,
        { title: track.localized_titles[locale] ?? track.title, version: track.localized_title_versions[locale] ?? track.title_version },
      ]),
    ),
  };
};

export const releaseTitles = (release: ReleaseSnapshot): { main: Title; localized: LocalizedTitle[] } => ({
  main: { title: release.title, version: null },
  localized: byLanguage(
    release.localizations
      .filter((localization) => localization.title || localization.title_version)
      .map((localization) => [localization.locale, { title: localization.title ?? release.title, version: localization.title_version }]),
  ),
});
