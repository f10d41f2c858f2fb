import type { EntityManager } from '@mikro-orm/postgresql';
import { Artist } from '../../db/entities/artist.entity.ts';
import { ArtistSlugTakenError } from '../artists/artists.errors.ts';
import { createArtist } from '../artists/artists.service.ts';

/** Lower-case words joined by hyphens; what is left of a name made only of symbols is `artist`. */
const slugOf = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'artist';

/** The first free slug of `base`, `base-2`, `base-3`, … among the tenant's live artists. */
const freeSlug = async (em: EntityManager, tenantId: string, base: string): Promise<string> => {
  const taken = new Set(
    (await em.find(Artist, { tenantId, deletedAt: null, slug: { $like: `${base}%` } }, { fields: ['slug'] })).map((artist) => artist.slug),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
};

const liveArtistNamed = (em: EntityManager, tenantId: string, name: string): Promise<Artist | null> =>
  em.findOne(Artist, { tenantId, deletedAt: null, sortName: name.toLowerCase() }, { orderBy: { createdAt: 'asc' } });

/** A slug taken by another artist between the look-up and the insert: tried again this many times. */
const ATTEMPTS = 3;

/**
 * The tenant's live artist of this name (compared case-insensitively), or a new one: messages from
 * labels (DDEX, CSV) name artists, they do not carry the platform's ids. Runs in its own
 * transactions (pass a fresh fork), so a slug race cannot abort the caller's.
 */
export const findOrCreateArtistByName = async (em: EntityManager, tenantId: string, name: string): Promise<Artist> => {
  const trimmed = name.trim();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await em.transactional(async (tx) => {
        // Imports naming one new artist at once take turns here: without it, the second could miss
        // the first's uncommitted artist, then find its slug taken once it is committed, and make
        // a second artist of the same name under `slug-2`.
        await tx.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`artist-by-name:${tenantId}:${trimmed.toLowerCase()}`]);
        const existing = await liveArtistNamed(tx, tenantId, trimmed);
        if (existing) return existing;
        return createArtist(tx, tenantId, { name: trimmed, slug: await freeSlug(tx, tenantId, slugOf(trimmed)) } as Parameters<typeof createArtist>[2]);
      });
    } catch (error) {
      // An artist of another name (created through the API meanwhile) took the slug: look again.
      if (!(error instanceof ArtistSlugTakenError) || attempt >= ATTEMPTS) throw error;
      em.clear();
    }
  }
};
