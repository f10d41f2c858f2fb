import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000300_drop_worker_lease extends Migration {
  override name = 'Migration20261126000300_drop_worker_lease';

  override up(): void {
    // Timed workers now take the kit's scheduled-job lease (a session advisory lock); nothing
    // reads this table any more.
    this.addSql(`drop table if exists "delivery"."worker_lease"`);
  }

  override down(): void {
    this.addSql(`create table if not exists "delivery"."worker_lease" (
      "name" text primary key,
      "holder" text not null,
      "until" timestamptz not null
    )`);
  }
}
