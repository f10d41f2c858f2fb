import { Migration } from '@mikro-orm/migrations';

export class Migration20261203000800_release_code_pages extends Migration {
  override name = 'Migration20261203000800_release_code_pages';

  override up(): void {
    // `recordings.codes` pages every tenant's live releases in (tenant, id) order for the services
    // that keep their own copy; without this, each page of a whole-platform rebuild sorts them all.
    this.addSql(`create index "release_tenant_id_live_idx" on "catalogue"."release" ("tenant_id", "id") where "deleted_at" is null`);
  }
}
