import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  ArtistEvents,
  type CreateArtistBody,
  type CursorMeta,
  type OffsetMeta,
  type PaginationQuery,
  type UpdateArtistBody,
} from '@sv/contracts';
import { findPage, recordEvent } from '@sv/platform';
import { Artist } from '../../db/entities/artist.entity.ts';
import { visibleArtists, type ArtistViewer } from './artist-access.ts';
import { ArtistNotFoundError, ArtistSlugTakenError } from './artists.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** API field name → entity property, for the fields a client may set directly. */
const WRITABLE_FIELDS = {
  name: 'name',
  slug: 'slug',
  bio: 'bio',
  country: 'country',
  status: 'status',
  spotify_uri: 'spotifyUri',
  spotify_id: 'spotifyId',
  apple_id: 'appleId',
  spotify_url: 'spotifyUrl',
  apple_url: 'appleUrl',
  deezer_url: 'deezerUrl',
  soundcloud_url: 'soundcloudUrl',
  audiomack_url: 'audiomackUrl',
  tiktok_url: 'tiktokUrl',
  instagram_url: 'instagramUrl',
  twitter_url: 'twitterUrl',
  youtube_url: 'youtubeUrl',
  store_url: 'storeUrl',
} as const satisfies Record<keyof CreateArtistBody, keyof Artist>;

const applyFields = (artist: Artist, input: UpdateArtistBody): void => {
  for (const [field, property] of Object.entries(WRITABLE_FIELDS)) {
    const value = input[field as keyof UpdateArtistBody];
    if (value !== undefined) (artist as Record<string, unknown>)[property] = value;
  }
  artist.sortName = artist.name.toLowerCase();
};

const eventData = (artist: Artist) => ({ artist_id: artist.id, name: artist.name, slug: artist.slug });

/** Flushes, turning the live-slug unique index into the spec's 409. */
const flushGuardingSlug = async (em: EntityManager): Promise<void> => {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new ArtistSlugTakenError();
    throw error;
  }
};

const assertSlugFree = async (em: EntityManager, tenantId: string, slug: string, exceptId?: string) => {
  const clash = await em.findOne(Artist, { tenantId, slug, deletedAt: null, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
  if (clash) throw new ArtistSlugTakenError();
};

export const findArtist = async (em: EntityManager, tenantId: string, artistId: string): Promise<Artist> => {
  if (!UUID.test(artistId)) throw new ArtistNotFoundError();
  const artist = await em.findOne(Artist, { id: artistId, tenantId, deletedAt: null });
  if (!artist) throw new ArtistNotFoundError();
  return artist;
};

/** The artist `artistId` if the viewer may read it (artist keys: their own only), else 404. */
export const findVisibleArtist = async (em: EntityManager, viewer: ArtistViewer, artistId: string): Promise<Artist> => {
  if (!UUID.test(artistId)) throw new ArtistNotFoundError();
  // Both conditions: for an artist key the scope itself names an id, which this one must not replace.
  const artist = await em.findOne(Artist, { $and: [visibleArtists(viewer), { id: artistId }] });
  if (!artist) throw new ArtistNotFoundError();
  return artist;
};

export const createArtist = async (em: EntityManager, tenantId: string, input: CreateArtistBody): Promise<Artist> => {
  await assertSlugFree(em, tenantId, input.slug);
  const now = new Date();
  const artist = em.create(Artist, {
    id: randomUUID(),
    tenantId,
    name: input.name,
    sortName: input.name.toLowerCase(),
    slug: input.slug,
    status: input.status ?? 'active',
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  });
  applyFields(artist, input);
  recordEvent(em, ArtistEvents.created, tenantId, eventData(artist));
  await flushGuardingSlug(em);
  return artist;
};

export const updateArtist = async (
  em: EntityManager,
  tenantId: string,
  artistId: string,
  input: UpdateArtistBody,
): Promise<Artist> => {
  const artist = await findArtist(em, tenantId, artistId);
  if (input.slug !== undefined && input.slug !== artist.slug) await assertSlugFree(em, tenantId, input.slug, artist.id);
  applyFields(artist, input);
  artist.updatedAt = new Date();
  recordEvent(em, ArtistEvents.updated, tenantId, eventData(artist));
  await flushGuardingSlug(em);
  return artist;
};

export const setArtistImage = async (
  em: EntityManager,
  tenantId: string,
  artistId: string,
  slot: 'avatar' | 'banner',
  url: string,
): Promise<Artist> => {
  const artist = await findArtist(em, tenantId, artistId);
  if (slot === 'avatar') artist.avatarUrl = url;
  else artist.bannerUrl = url;
  artist.updatedAt = new Date();
  recordEvent(em, ArtistEvents.updated, tenantId, eventData(artist));
  await em.flush();
  return artist;
};

export const deleteArtist = async (em: EntityManager, tenantId: string, artistId: string): Promise<void> => {
  const artist = await findArtist(em, tenantId, artistId);
  artist.deletedAt = new Date();
  recordEvent(em, ArtistEvents.deleted, tenantId, eventData(artist));
  await em.flush();
};

export interface ArtistPage {
  artists: Artist[];
  total: number;
  meta: OffsetMeta | CursorMeta;
}

/** The live artists the viewer may read (artist keys: their own only), alphabetically, in offset or cursor mode. */
export const listArtists = async (
  em: EntityManager,
  viewer: ArtistViewer,
  query: PaginationQuery & { status?: 'active' | 'inactive' | undefined },
): Promise<ArtistPage> => {
  const scope = { ...visibleArtists(viewer), ...(query.status ? { status: query.status } : {}) };
  const page = await findPage(em, Artist, scope, {
    query,
    order: [
      { property: 'sortName', direction: 'asc', type: 'text' },
      { property: 'id', direction: 'asc', type: 'uuid' },
    ],
  });
  return { artists: page.rows, total: page.total, meta: page.meta };
};
