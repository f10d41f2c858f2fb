import { z } from 'zod';
import type { ArtistResource } from '../../artists.ts';
import { pagedList, isoTimestamp } from './common.ts';

const optionalText = z.string().nullable();

/** The artist as reads show it; `biography` mirrors the input name `bio`. */
export const ArtistResourceSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  slug: z.string(),
  bio: optionalText,
  biography: optionalText,
  country: optionalText,
  status: z.enum(['active', 'inactive']),
  spotify_uri: optionalText,
  spotify_id: optionalText,
  apple_id: optionalText,
  spotify_url: optionalText,
  apple_url: optionalText,
  deezer_url: optionalText,
  soundcloud_url: optionalText,
  audiomack_url: optionalText,
  tiktok_url: optionalText,
  instagram_url: optionalText,
  twitter_url: optionalText,
  youtube_url: optionalText,
  store_url: optionalText,
  avatar_url: optionalText,
  banner_url: optionalText,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
}) satisfies z.ZodType<ArtistResource>;

export const ArtistReply = z.object({ artist: ArtistResourceSchema });
export const ArtistListReply = pagedList('artists', ArtistResourceSchema);
