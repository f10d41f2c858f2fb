import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000200_release_dsps extends Migration {
  override name = 'Migration20261123000200_release_dsps';

  override up(): void {
    this.addSql(`create table "supply_chain"."release_dsp" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "release_id" uuid not null,
      "dsp_id" integer not null references "supply_chain"."dsp" ("id"),
      "status" text not null default 'pending',
      "is_blocked" boolean not null default false,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    // A store is selected at most once per release among live rows; concurrent adds insert
    // with "on conflict do nothing" against this index, so they never duplicate.
    this.addSql(`create unique index "release_dsp_live_uq"
      on "supply_chain"."release_dsp" ("tenant_id", "release_id", "dsp_id") where "deleted_at" is null`);
  }
}
