import { Migration } from '@mikro-orm/migrations';

export class Migration20261204000900_track_iswc extends Migration {
  override name = 'Migration20261204000900_track_iswc';

  override up(): void {
    // The ISWC of the recording's musical work, sent in DDEX messages when known.
    this.addSql(`alter table "catalogue"."track" add column "iswc" text null`);
  }
}
