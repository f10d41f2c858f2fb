import type { ArtistResource } from '@sv/contracts';
import type { Artist } from '../../db/entities/artist.entity.ts';

/** The artist as the API shows it; `biography` mirrors `bio` for readers of either name. */
export const presentArtist = (artist: Artist): ArtistResource => ({
  uuid: artist.id,
  name: artist.name,
  slug: artist.slug,
  bio: artist.bio ?? null,
  biography: artist.bio ?? null,
  country: artist.country ?? null,
  status: artist.status as ArtistResource['status'],
  spotify_uri: artist.spotifyUri ?? null,
  spotify_id: artist.spotifyId ?? null,
  apple_id: artist.appleId ?? null,
  spotify_url: artist.spotifyUrl ?? null,
  apple_url: artist.appleUrl ?? null,
  deezer_url: artist.deezerUrl ?? null,
  soundcloud_url: artist.soundcloudUrl ?? null,
  audiomack_url: artist.audiomackUrl ?? null,
  tiktok_url: artist.tiktokUrl ?? null,
  instagram_url: artist.instagramUrl ?? null,
  twitter_url: artist.twitterUrl ?? null,
  youtube_url: artist.youtubeUrl ?? null,
  store_url: artist.storeUrl ?? null,
  avatar_url: artist.avatarUrl ?? null,
  banner_url: artist.bannerUrl ?? null,
  created_at: artist.createdAt.toISOString(),
  updated_at: artist.updatedAt.toISOString(),
});
