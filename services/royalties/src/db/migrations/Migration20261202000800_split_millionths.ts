import { Migration } from '@mikro-orm/migrations';

export class Migration20261202000800_split_millionths extends Migration {
  override name = 'Migration20261202000800_split_millionths';

  override up(): void {
    // Split percentages take four decimals (33.3333 %): the share is kept exactly in millionths of
    // the whole, and every row set so far (hundredths of a percent) is carried over unchanged in value.
    this.addSql(`alter table "royalties"."track_split"
      add column "share_millionths" integer null check ("share_millionths" between 0 and 1000000)`);
    this.addSql(`update "royalties"."track_split" set "share_millionths" = "share_hundredths" * 100`);
    this.addSql(`alter table "royalties"."track_split"
      alter column "share_millionths" set not null,
      drop column "share_hundredths"`);
  }
}
