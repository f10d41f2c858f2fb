import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000200_dsp_lead_times extends Migration {
  override name = 'Migration20261128000200_dsp_lead_times';

  override up(): void {
    // The defaults stand for rows written before the registry carried lead times; the registry
    // sync (REGISTRY_VERSION 4) then writes each store's own.
    this.addSql(`alter table "supply_chain"."dsp"
      add column if not exists "lead_time_new_release_days" integer not null default 7,
      add column if not exists "lead_time_update_days" integer not null default 2,
      add column if not exists "lead_time_source" text not null default 'default'`);
  }

  override down(): void {
    this.addSql(`alter table "supply_chain"."dsp"
      drop column if exists "lead_time_new_release_days",
      drop column if exists "lead_time_update_days",
      drop column if exists "lead_time_source"`);
  }
}
