import { Migration } from '@mikro-orm/migrations';

export class Migration20261201000600_release_import_key extends Migration {
  override name = 'Migration20261201000600_release_import_key';

  override up(): void {
    this.addSql(`alter table "catalogue"."release" add column "import_key" text null`);
    // One live release per imported item: a job retried after a crash finds what it made.
    this.addSql(`create unique index "release_tenant_import_key_live_uq"
      on "catalogue"."release" ("tenant_id", "import_key") where "import_key" is not null and "deleted_at" is null`);
  }
}
