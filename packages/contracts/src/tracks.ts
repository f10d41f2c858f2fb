import { z } from 'zod';
import { defineEvent } from './events.ts';
import { foldInputAliases } from './input-aliases.ts';

/** Operations the catalogue answers for tracks (the route table's names). */
export const TrackOperation = {
  list: 'tracks.list',
  create: 'tracks.create',
  get: 'tracks.get',
  update: 'tracks.update',
  delete: 'tracks.delete',
  audio: 'tracks.audio',
} as const;

/** The multipart field of an audio upload. */
export const AUDIO_UPLOAD_FIELD = 'audio';

export const TRACK_PROPERTIES = [
  'remix',
  'samples_or_stock',
  'mix_or_compilation',
  'alternate_version',
  'special_genre',
  'non_musical',
  'includes_ai',
] as const;
export type TrackProperty = (typeof TRACK_PROPERTIES)[number];

/** The AI elements of a disclosure, in the spec's canonical order (replies keep this order). */
export const AI_ELEMENTS = ['vocals', 'instrumentation', 'composition', 'lyrics', 'production'] as const;
export type AiElement = (typeof AI_ELEMENTS)[number];

export const LYRIC_FORMATS = ['lrc', 'ttml', 'itt'] as const;

/** Audio formats a track's file may have, as stored after reading the file's bytes. */
export const AUDIO_FORMATS = ['wav', 'flac', 'aiff', 'mp3', 'aac'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/;

/**
 * An ISRC in its stored form: 12 uppercase characters (country 2 letters, registrant 3
 * alphanumerics, year 2 digits, designation 5 digits). Hyphens and case are forgiven;
 * anything else gives undefined.
 */
export const normalizeIsrc = (value: string): string | undefined => {
  const compact = value.trim().replace(/-/g, '').toUpperCase();
  return ISRC_PATTERN.test(compact) ? compact : undefined;
};

const ISRC_MESSAGE = (field: string) =>
  `The ${field} must be a 12-character ISRC: a 2-letter country code, a 3-character registrant code, a 2-digit year and a 5-digit designation.`;

/**
 * A supplied ISRC, normalised to its 12-character form. Blank or null means none: on create one
 * is assigned, on update the track keeps its own.
 */
const isrcField = (field: string) =>
  z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === '') return null;
      const isrc = normalizeIsrc(value);
      if (isrc === undefined) {
        context.addIssue({ code: 'custom', message: ISRC_MESSAGE(field) });
        return z.NEVER;
      }
      return isrc;
    })
    .nullable()
    .optional();

const ISWC_FORMS = [/^T(\d{9})(\d)$/, /^T-(\d{3})\.(\d{3})\.(\d{3})-(\d)$/];

/**
 * An ISWC in its stored form, T and 10 digits (the syntax DDEX gives the ISWC element), from
 * that form or the hyphenated T-123.456.789-C one; case and surrounding spaces are forgiven. The
 * check digit must be the one ISO 15707 gives: 1 plus the nine digits weighted 1 to 9, and the
 * digit that brings that sum to a multiple of 10. Anything else gives undefined.
 */
export const normalizeIswc = (value: string): string | undefined => {
  const text = value.trim().toUpperCase();
  const match = ISWC_FORMS.map((form) => form.exec(text)).find((found) => found !== null);
  if (!match) return undefined;
  const digits = match.slice(1).join('');
  const sum = [...digits.slice(0, 9)].reduce((total, digit, index) => total + (index + 1) * Number(digit), 1);
  return (10 - (sum % 10)) % 10 === Number(digits[9]) ? `T${digits}` : undefined;
};

const ISWC_MESSAGE =
  'The iswc must be an ISWC: the letter T, 9 digits and the check digit ISO 15707 gives them, as T1234567894 or T-123.456.789-4.';

/** The ISWC of the recording's musical work, normalised to T and 10 digits; blank or null means not known. */
const iswcField = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === '') return null;
    const iswc = normalizeIswc(value);
    if (iswc === undefined) {
      context.addIssue({ code: 'custom', message: ISWC_MESSAGE });
      return z.NEVER;
    }
    return iswc;
  })
  .nullable()
  .optional()
  // A valid code for the generated documentation (the check digit is not a pattern it can meet).
  .meta({ examples: ['T-034.524.680-1'] });

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** An ISO 639-1 code (two letters), lowercased. */
const languageCode = (field: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((code) => /^[a-z]{2}$/.test(code) && languageNames.of(code) !== undefined, `The ${field} must be an ISO 639-1 language code.`);

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const requiredName = (field: string) => z.string().trim().min(1, `The ${field} field is required.`).max(500);

/** Codes of a list field: trimmed, case-insensitive, de-duplicated; unknown codes are refused. */
const codeList = <const TCode extends string>(field: string, codes: readonly TCode[]) =>
  z.array(z.string().trim().toLowerCase()).transform((values, context) => {
    const unknown = values.filter((value) => !(codes as readonly string[]).includes(value));
    if (unknown.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `Unknown ${field} value(s): ${unknown.join(', ')}. Allowed: ${codes.join(', ')}.`,
      });
      return z.NEVER;
    }
    return [...new Set(values)] as TCode[];
  });

const isLocale = (value: string): boolean => {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
};

/** A map keyed by BCP-47 locale; keys are stored in canonical form (pt-br → pt-BR). */
const localizedMap = (field: string, max: number) =>
  z
    .record(z.string().refine(isLocale), z.string().trim().min(1, 'The value may not be empty.').max(max), {
      error: (issue) => {
        if (issue.code === 'invalid_key') return `'${String(issue.input)}' is not a valid BCP-47 locale.`;
        if (issue.code === 'invalid_type') return `The ${field} field must be an object keyed by BCP-47 locale.`;
        return undefined;
      },
    })
    .transform((map, context) => {
      const canonical: Record<string, string> = {};
      for (const [locale, value] of Object.entries(map)) {
        const key = Intl.getCanonicalLocales(locale)[0] ?? locale;
        if (key in canonical) {
          context.addIssue({ code: 'custom', path: [locale], message: `The locale '${key}' is given more than once.` });
        }
        canonical[key] = value;
      }
      return canonical;
    });

const contributor = z.object({
  name: requiredName('name'),
  role: z.string().trim().min(1, 'The role field is required.').max(100),
});

const additionalArtist = z.object({
  name: requiredName('name'),
  role: z.string().trim().max(100).nullable().optional(),
});

const year = (field: string) => z.number().int().min(1000, `The ${field} must be a 4-digit year.`).max(9999, `The ${field} must be a 4-digit year.`);
const seconds = z.number().min(0, 'Must be 0 or more.').max(86_400);

/** Fields of create and update; the title, position and explicit flag are required on create only. */
const trackFields = {
  title: requiredName('title'),
  position: z.number().int().min(1, 'The position must be at least 1.').max(10_000),
  explicit: z.boolean(),
  isrc: isrcField('isrc'),
  iswc: iswcField,
  duration: z.number().int().min(0, 'The duration must be 0 or more seconds.').max(86_400).nullable().optional(),
  language: languageCode('language').optional(),
  track_properties: codeList('track_properties', TRACK_PROPERTIES).nullable().optional(),
  ai_service: optionalText(255),
  ai_service_other: optionalText(255),
  /** Checked and normalised by the AI disclosure rules, which also see the stored values. */
  ai_elements: z.array(z.string()).nullable().optional(),
  version_type: optionalText(100),
  title_version: optionalText(500),
  lyric_format: z.string().trim().toLowerCase().pipe(z.enum(LYRIC_FORMATS)).nullable().optional(),
  lyrics: optionalText(100_000),
  audio_format: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{1,16}$/, 'The audio_format must be a short format name such as wav or flac.')
    .nullable()
    .optional(),
  audio_sample_rate_hz: z.number().int().min(1).max(1_000_000).nullable().optional(),
  audio_bit_depth: z.number().int().min(1).max(64).nullable().optional(),
  audio_channels: z.number().int().min(1).max(64).nullable().optional(),
  audio_lufs: z.number().min(-100).max(20).nullable().optional(),
  dolby_isrc: isrcField('dolby_isrc'),
  dolby_audio_uri: optionalText(2048),
  album_only: z.boolean().optional(),
  instrumental: z.boolean().optional(),
  performance_language: languageCode('performance_language').nullable().optional(),
  artist_id: z.string().trim().nullable().optional(),
  artist_name: optionalText(500),
  copyright_holder: optionalText(500),
  copyright_year: year('copyright_year').nullable().optional(),
  year_published: year('year_published').nullable().optional(),
  disc_number: z.number().int().min(1, 'The disc_number must be at least 1.').max(1000).nullable().optional(),
  preview_start_sec: seconds.nullable().optional(),
  preview_end_sec: seconds.nullable().optional(),
  contributors: z.array(contributor).max(200).nullable().optional(),
  additional_artists: z.array(additionalArtist).max(200).nullable().optional(),
  localized_titles: localizedMap('localized_titles', 500).nullable().optional(),
  localized_title_versions: localizedMap('localized_title_versions', 500).nullable().optional(),
  localized_lyrics: localizedMap('localized_lyrics', 100_000).nullable().optional(),
};

/** Input names of the machine-readable description, folded into the spec's (the spec's name wins). */
const INPUT_ALIASES: Record<string, string> = {
  track_number: 'position',
  duration_seconds: 'duration',
};

const foldAliases = foldInputAliases(INPUT_ALIASES);

export const CreateTrackBody = z.preprocess(foldAliases, z.object(trackFields));
export type CreateTrackBody = z.infer<typeof CreateTrackBody>;

export const UpdateTrackBody = z.preprocess(foldAliases, z.object(trackFields).partial());
export type UpdateTrackBody = z.infer<typeof UpdateTrackBody>;

export interface TrackContributor {
  name: string;
  role: string;
}

export interface TrackAdditionalArtist {
  name: string;
  role?: string | null | undefined;
}

/**
 * The track as the API returns it. audio_format, audio_sample_rate_hz and audio_bit_depth are
 * inputs only (spec: not returned on reads); what the file told us shows as mime_type,
 * file_size, audio_channels and audio_duration_ms.
 */
export interface TrackResource {
  uuid: string;
  release_id: string;
  title: string;
  position: number;
  /** The machine-readable description's name of position. */
  track_number: number;
  disc_number: number;
  explicit: boolean;
  isrc: string;
  /** The ISWC of the recording's musical work (T and 10 digits), when known. */
  iswc: string | null;
  duration: number | null;
  /** The machine-readable description's name of duration. */
  duration_seconds: number | null;
  language: string;
  track_properties: TrackProperty[];
  ai_service: string | null;
  ai_service_other: string | null;
  ai_elements: AiElement[];
  version_type: string | null;
  title_version: string | null;
  lyric_format: string | null;
  lyrics: string | null;
  audio_channels: number | null;
  audio_lufs: number | null;
  dolby_isrc: string | null;
  dolby_audio_uri: string | null;
  album_only: boolean;
  instrumental: boolean;
  performance_language: string | null;
  artist_id: string | null;
  artist_name: string | null;
  copyright_holder: string | null;
  copyright_year: number | null;
  year_published: number | null;
  preview_start_sec: number | null;
  preview_end_sec: number | null;
  contributors: TrackContributor[];
  additional_artists: TrackAdditionalArtist[];
  localized_titles: Record<string, string>;
  localized_title_versions: Record<string, string>;
  localized_lyrics: Record<string, string>;
  audio_url: string | null;
  mime_type: string | null;
  file_size: number | null;
  audio_duration_ms: number | null;
  audio_uploaded_at: string | null;
  /** What the audio validator found in the current file; null until it has checked it. */
  audio_check: { problems: string[]; integrated_lufs: number | null; true_peak_dbfs: number | null; checked_at: string } | null;
  created_at: string;
  updated_at: string;
}

const trackRef = z.object({
  track_id: z.uuid(),
  release_id: z.uuid(),
  title: z.string(),
  isrc: z.string(),
  /** The musical work's ISWC when known; absent from events recorded before the catalogue held one. */
  iswc: z.string().nullable().optional(),
  position: z.number().int(),
});

/** Events of a track's life; each commits with its change (outbox). */
export const TrackEvents = {
  created: defineEvent('track.created', trackRef),
  updated: defineEvent('track.updated', trackRef),
  deleted: defineEvent('track.deleted', trackRef),
  audioUploaded: defineEvent(
    'track.audio_uploaded',
    trackRef.extend({
      audio_url: z.string(),
      mime_type: z.string(),
      file_size: z.number().int().nonnegative(),
      audio_format: z.enum(AUDIO_FORMATS),
      duration_ms: z.number().int().nonnegative().nullable(),
    }),
  ),
};
