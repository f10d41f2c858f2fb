import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000500_track_audio_checks extends Migration {
  override name = 'Migration20261126000500_track_audio_checks';

  override up(): void {
    // What the delivery service's audio validator found in the track's current file.
    this.addSql(`alter table "catalogue"."track"
      add column "audio_problems" jsonb null,
      add column "audio_integrated_lufs" double precision null,
      add column "audio_true_peak_dbfs" double precision null,
      add column "audio_checked_at" timestamptz null`);
  }
}
