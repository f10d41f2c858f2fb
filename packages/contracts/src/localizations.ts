import { z } from 'zod';
import { defineEvent } from './events.ts';
import { clearableText } from './text-fields.ts';

/*
 * Localized metadata of releases and tracks, one record per BCP-47 locale. The spec names the
 * area without bodies; the shapes below are documented in the README.
 */

/** The canonical form of a BCP-47 tag (`en-us` → `en-US`), or undefined when it is not one. */
export const canonicalLocale = (tag: string): string | undefined => {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
};

const LOCALE_MESSAGE = 'The locale must be a valid BCP-47 language tag, such as en, pt-BR or zh-Hant.';

/** The {locale} path segment, validated and made canonical. */
export const LocaleParam = z
  .string()
  .trim()
  .max(64, LOCALE_MESSAGE)
  .transform((tag, context) => {
    const canonical = canonicalLocale(tag);
    if (canonical === undefined) {
      context.addIssue({ code: 'custom', message: LOCALE_MESSAGE });
      return z.NEVER;
    }
    return canonical;
  });


const atLeastOne =
  (fields: readonly string[]) =>
  (body: Record<string, unknown>, context: z.RefinementCtx): void => {
    if (fields.every((field) => body[field] == null)) {
      context.addIssue({ code: 'custom', path: [], message: `Provide at least one of ${fields.join(', ')}.` });
    }
  };

const RELEASE_LOCALIZED_FIELDS = ['title', 'title_version', 'label', 'description'] as const;
const TRACK_LOCALIZED_FIELDS = ['title', 'title_version', 'lyrics'] as const;

/**
 * PUT /releases/{uuid}/localizations/{locale}: the whole localization for that locale (an
 * omitted field is cleared); at least one field must have a value.
 */
export const ReleaseLocalizationBody = z
  .object({
    title: clearableText(500),
    title_version: clearableText(500),
    label: clearableText(255),
    description: clearableText(10_000),
  })
  .superRefine(atLeastOne(RELEASE_LOCALIZED_FIELDS));
export type ReleaseLocalizationBody = z.infer<typeof ReleaseLocalizationBody>;

/** PUT /tracks/{uuid}/localizations/{locale}: as for releases, with the track's localized fields. */
export const TrackLocalizationBody = z
  .object({
    title: clearableText(500),
    title_version: clearableText(500),
    lyrics: clearableText(100_000),
  })
  .superRefine(atLeastOne(TRACK_LOCALIZED_FIELDS));
export type TrackLocalizationBody = z.infer<typeof TrackLocalizationBody>;

export interface ReleaseLocalizationResource {
  locale: string;
  title: string | null;
  title_version: string | null;
  label: string | null;
  description: string | null;
}

export interface TrackLocalizationResource {
  locale: string;
  title: string | null;
  title_version: string | null;
  lyrics: string | null;
}

const releaseLocale = z.object({ release_id: z.uuid(), locale: z.string() });
const trackLocale = releaseLocale.extend({ track_id: z.uuid() });
export const LocalizationEvents = {
  releaseLocalizationUpdated: defineEvent('release.localization.updated', releaseLocale),
  releaseLocalizationDeleted: defineEvent('release.localization.deleted', releaseLocale),
  trackLocalizationUpdated: defineEvent('track.localization.updated', trackLocale),
  trackLocalizationDeleted: defineEvent('track.localization.deleted', trackLocale),
};

/** Operations the catalogue answers for localizations. */
export const LocalizationOperation = {
  releaseList: 'release_localizations.list',
  releasePut: 'release_localizations.put',
  releaseDelete: 'release_localizations.delete',
  trackList: 'track_localizations.list',
  trackPut: 'track_localizations.put',
  trackDelete: 'track_localizations.delete',
} as const;
