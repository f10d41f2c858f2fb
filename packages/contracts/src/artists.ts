import { z } from 'zod';
import { defineEvent } from './events.ts';
import { foldInputAliases } from './input-aliases.ts';
import { ISO_3166_1_ALPHA_2 } from './territories.ts';

export const ARTIST_SLUG_PATTERN = /^[a-z0-9-]+$/;
const SPOTIFY_ID = /^[0-9A-Za-z]{22}$/;
const SPOTIFY_URI = /^spotify:artist:[0-9A-Za-z]{22}$/;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const profileUrl = z
  .url({ protocol: /^https?$/, message: 'Must be a valid http or https URL.' })
  .max(2048)
  .nullable()
  .optional();

/** Fields shared by create and update; legacy aliases are folded into their current names. */
const artistFields = {
  name: z.string().trim().min(1, 'The name field is required.').max(255),
  slug: z
    .string()
    .trim()
    .min(1, 'The slug field is required.')
    .max(100)
    .regex(ARTIST_SLUG_PATTERN, 'The slug may only contain lowercase letters, digits and hyphens.'),
  bio: optionalText(10_000),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'The country must be an ISO 3166-1 alpha-2 code.')
    .transform((code) => code.toUpperCase())
    .refine((code) => ISO_3166_1_ALPHA_2.has(code), 'The country must be an ISO 3166-1 alpha-2 code.')
    .nullable()
    .optional(),
  status: z.enum(['active', 'inactive']).optional(),
  spotify_uri: z.string().trim().regex(SPOTIFY_URI, 'The spotify_uri must look like spotify:artist:<22 characters>.').nullable().optional(),
  spotify_id: z.string().trim().regex(SPOTIFY_ID, 'The spotify_id must be a 22-character base62 string.').nullable().optional(),
  apple_id: z
    .union([z.string().trim(), z.number().int().nonnegative().transform(String)])
    .pipe(z.string().regex(/^\d{1,20}$/, 'The apple_id must be numeric.'))
    .nullable()
    .optional(),
  spotify_url: profileUrl,
  apple_url: profileUrl,
  deezer_url: profileUrl,
  soundcloud_url: profileUrl,
  audiomack_url: profileUrl,
  tiktok_url: profileUrl,
  instagram_url: profileUrl,
  twitter_url: profileUrl,
  youtube_url: profileUrl,
  store_url: profileUrl,
};

const LEGACY_ALIASES: Record<string, string> = {
  spotify_artist_uri: 'spotify_uri',
  spotify_artist_id: 'spotify_id',
  apple_artist_id: 'apple_id',
};

/** Accepts the legacy names of the spec; the current name wins when both are sent. */
const foldLegacyAliases = foldInputAliases(LEGACY_ALIASES);

export const CreateArtistBody = z.preprocess(foldLegacyAliases, z.object(artistFields));
export type CreateArtistBody = z.infer<typeof CreateArtistBody>;

export const UpdateArtistBody = z.preprocess(foldLegacyAliases, z.object(artistFields).partial());
export type UpdateArtistBody = z.infer<typeof UpdateArtistBody>;

/** The artist as the API returns it. */
export interface ArtistResource {
  uuid: string;
  name: string;
  slug: string;
  bio: string | null;
  biography: string | null;
  country: string | null;
  status: 'active' | 'inactive';
  spotify_uri: string | null;
  spotify_id: string | null;
  apple_id: string | null;
  spotify_url: string | null;
  apple_url: string | null;
  deezer_url: string | null;
  soundcloud_url: string | null;
  audiomack_url: string | null;
  tiktok_url: string | null;
  instagram_url: string | null;
  twitter_url: string | null;
  youtube_url: string | null;
  store_url: string | null;
  avatar_url: string | null;
  banner_url: string | null;
  created_at: string;
  updated_at: string;
}

const artistEventData = z.object({ artist_id: z.uuid(), name: z.string(), slug: z.string() });
export const ArtistEvents = {
  created: defineEvent('artist.created', artistEventData),
  updated: defineEvent('artist.updated', artistEventData),
  deleted: defineEvent('artist.deleted', artistEventData),
};

/** Operations the catalogue answers on its api subject (artists' routes, then internal commands). */
export const CatalogueOperation = {
  artistsList: 'artists.list',
  artistsCreate: 'artists.create',
  artistsGet: 'artists.get',
  artistsUpdate: 'artists.update',
  artistsDelete: 'artists.delete',
  artistsAvatar: 'artists.avatar',
  artistsBanner: 'artists.banner',
  /** Internal, for analytics: how big the caller's catalogue is (live records only). Reply: CatalogueCountsReply. */
  counts: 'catalogue.counts',
  /**
   * Internal (royalties, analytics → catalogue): which of the caller's tenant's live tracks carry
   * these ISRCs and which live releases these UPCs, so a store's report lines are tied to the
   * catalogue in one round trip per batch. Unknown codes are simply absent from the reply.
   * Body: RecordingsMatchBody; reply: RecordingsMatchReply.
   */
  recordingsMatch: 'recordings.match',
  /**
   * Internal (analytics, royalties → catalogue): a release's codes, or a page of every release's.
   * Body: RecordingCodesBody; reply: RecordingCodesReply.
   */
  recordingCodes: 'recordings.codes',
} as const;
