import { Artist } from './entities/artist.entity.ts';
import { Release } from './entities/release.entity.ts';
import { Track } from './entities/track.entity.ts';
import { Migration20261121000000_artists } from './migrations/Migration20261121000000_artists.ts';
import { Migration20261122000100_releases } from './migrations/Migration20261122000100_releases.ts';
import { Migration20261122000200_tracks } from './migrations/Migration20261122000200_tracks.ts';

/** The catalogue's own Postgres schema; no other service reads or writes it. */
export const CATALOGUE_SCHEMA = 'catalogue';

export const CATALOGUE_ENTITIES = [
  Artist,
  Release,
  Track,
];

/** In order of application; names are the migration table's keys, never rename one. */
export const CATALOGUE_MIGRATIONS = [
  { name: 'Migration20261121000000_artists', class: Migration20261121000000_artists },
  { name: 'Migration20261122000100_releases', class: Migration20261122000100_releases },
  { name: 'Migration20261122000200_tracks', class: Migration20261122000200_tracks },
];
