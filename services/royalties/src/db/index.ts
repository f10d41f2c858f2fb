import { TrackSplit } from './entities/track-split.entity.ts';
import { Migration20261202000100_track_splits } from './migrations/Migration20261202000100_track_splits.ts';

/** The royalties service's own Postgres schema; no other service reads or writes it. */
export const ROYALTIES_SCHEMA = 'royalties';

export const ROYALTIES_ENTITIES = [TrackSplit];

/** In order of application; names are the migration table's keys, never rename one. */
export const ROYALTIES_MIGRATIONS = [{ name: 'Migration20261202000100_track_splits', class: Migration20261202000100_track_splits }];
