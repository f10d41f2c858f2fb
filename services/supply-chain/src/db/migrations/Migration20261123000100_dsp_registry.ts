import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000100_dsp_registry extends Migration {
  override name = 'Migration20261123000100_dsp_registry';

  override up(): void {
    // Filled from the versioned registry data at start-up, not here: a data change needs no migration.
    this.addSql(`create table "supply_chain"."dsp" (
      "id" integer primary key check ("id" > 0),
      "slug" text not null check ("slug" ~ '^[a-z0-9_]+$'),
      "name" text not null,
      "sort_name" text not null,
      "delivery_method" text not null,
      "ern_version" text not null,
      "certification_level" text not null,
      "logo_path" text not null,
      "website_url" text not null,
      "delivery_type" text not null check ("delivery_type" in ('audio', 'audio_video')),
      "is_active" boolean not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create unique index "dsp_slug_uq" on "supply_chain"."dsp" ("slug")`);
    this.addSql(`create index "dsp_active_sort_idx" on "supply_chain"."dsp" ("sort_name", "id") where "is_active"`);
    this.addSql(`create table "supply_chain"."registry_version" (
      "registry" text primary key,
      "version" integer not null,
      "synced_at" timestamptz not null
    )`);
  }
}
