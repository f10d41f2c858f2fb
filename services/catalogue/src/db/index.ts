import { Artist } from './entities/artist.entity.ts';
import { Migration20261121000000_artists } from './migrations/Migration20261121000000_artists.ts';

/** The catalogue's own Postgres schema; no other service reads or writes it. */
export const CATALOGUE_SCHEMA = 'catalogue';

export const CATALOGUE_ENTITIES = [Artist];

/** In order of application; names are the migration table's keys, never rename one. */
export const CATALOGUE_MIGRATIONS = [
  { name: 'Migration20261121000000_artists', class: Migration20261121000000_artists },
];
