import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000200_release_config extends Migration {
  override name = 'Migration20261126000200_release_config';

  override up(): void {
    // Registry columns: null only until the start-up sync (REGISTRY_VERSION 2) fills them.
    this.addSql(`alter table "supply_chain"."dsp"
      add column "ddex_party_id" text null check ("ddex_party_id" ~ '^PADPIDA[A-Za-z0-9]{11}$'),
      add column "default_monetization_policy_codes" jsonb not null default '[]',
      add column "default_pricing_tier_code" text null`);

    // Per-DSP overrides: only the fields set are present; absent means "not overridden".
    // status_changed_at orders the lifecycle events that set status, so a late one never wins.
    this.addSql(`alter table "supply_chain"."release_dsp"
      add column "overrides" jsonb not null default '{}',
      add column "status_changed_at" timestamptz null`);

    // The release level of a release's configuration; a null column is not set (store defaults apply).
    this.addSql(`create table "supply_chain"."release_config" (
      "tenant_id" uuid not null,
      "release_id" uuid not null,
      "monetization_policy_codes" jsonb null,
      "pricing_tier_code" text null,
      "territory_mode" text null check ("territory_mode" in ('include', 'exclude')),
      "territory_codes" jsonb null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      primary key ("tenant_id", "release_id")
    )`);
  }
}
