import { Migration } from '@mikro-orm/migrations';

export class Migration20261202000600_line_streams extends Migration {
  override name = 'Migration20261202000600_line_streams';

  override up(): void {
    // What a monthly statement's breakdown shows per line: the streams reported and the release matched.
    this.addSql(`alter table "royalties"."royalty_line_item"
      add column "streams" integer not null default 0 check ("streams" >= 0),
      add column "release_title" text null`);
  }
}
