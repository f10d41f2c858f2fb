import { AnimatedArtwork } from './entities/animated-artwork.entity.ts';
import { Artist } from './entities/artist.entity.ts';
import { Collaborator } from './entities/collaborator.entity.ts';
import { Publisher } from './entities/publisher.entity.ts';
import { Release } from './entities/release.entity.ts';
import { ReleaseLocalization } from './entities/release-localization.entity.ts';
import { RightsRecord } from './entities/rights-record.entity.ts';
import { Track } from './entities/track.entity.ts';
import { TrackCredit } from './entities/track-credit.entity.ts';
import { Video } from './entities/video.entity.ts';
import { Writer } from './entities/writer.entity.ts';
import { Migration20261121000000_artists } from './migrations/Migration20261121000000_artists.ts';
import { Migration20261122000100_releases } from './migrations/Migration20261122000100_releases.ts';
import { Migration20261122000200_tracks } from './migrations/Migration20261122000200_tracks.ts';
import { Migration20261122000300_credits_rights_localizations } from './migrations/Migration20261122000300_credits_rights_localizations.ts';
import { Migration20261122000400_videos_animated_artwork } from './migrations/Migration20261122000400_videos_animated_artwork.ts';
import { Migration20261126000500_track_audio_checks } from './migrations/Migration20261126000500_track_audio_checks.ts';
import { Migration20261201000600_release_import_key } from './migrations/Migration20261201000600_release_import_key.ts';
import { Migration20261202000700_data_change_notices } from './migrations/Migration20261202000700_data_change_notices.ts';
import { Migration20261203000800_release_code_pages } from './migrations/Migration20261203000800_release_code_pages.ts';
import { Migration20261204000900_track_iswc } from './migrations/Migration20261204000900_track_iswc.ts';

/** The catalogue's own Postgres schema; no other service reads or writes it. */
export const CATALOGUE_SCHEMA = 'catalogue';

export const CATALOGUE_ENTITIES = [
  Artist,
  Release,
  Track,
  Writer,
  Publisher,
  Collaborator,
  TrackCredit,
  RightsRecord,
  ReleaseLocalization,
  Video,
  AnimatedArtwork,
];

/** In order of application; names are the migration table's keys, never rename one. */
export const CATALOGUE_MIGRATIONS = [
  { name: 'Migration20261121000000_artists', class: Migration20261121000000_artists },
  { name: 'Migration20261122000100_releases', class: Migration20261122000100_releases },
  { name: 'Migration20261122000200_tracks', class: Migration20261122000200_tracks },
  { name: 'Migration20261122000300_credits_rights_localizations', class: Migration20261122000300_credits_rights_localizations },
  { name: 'Migration20261122000400_videos_animated_artwork', class: Migration20261122000400_videos_animated_artwork },
  { name: 'Migration20261126000500_track_audio_checks', class: Migration20261126000500_track_audio_checks },
  { name: 'Migration20261201000600_release_import_key', class: Migration20261201000600_release_import_key },
  { name: 'Migration20261202000700_data_change_notices', class: Migration20261202000700_data_change_notices },
  { name: 'Migration20261203000800_release_code_pages', class: Migration20261203000800_release_code_pages },
  { name: 'Migration20261204000900_track_iswc', class: Migration20261204000900_track_iswc },
];
