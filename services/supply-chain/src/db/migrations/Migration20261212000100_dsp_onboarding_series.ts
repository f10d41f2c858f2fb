import { Migration } from '@mikro-orm/migrations';

export class Migration20261212000100_dsp_onboarding_series extends Migration {
  override name = 'Migration20261212000100_dsp_onboarding_series';

  override up(): void {
    // Null until the registry sync (REGISTRY_VERSION 5) writes the series of the stores that ask for one.
    this.addSql(`alter table "supply_chain"."dsp" add column if not exists "onboarding_series" jsonb null`);
  }

  override down(): void {
    this.addSql(`alter table "supply_chain"."dsp" drop column if exists "onboarding_series"`);
  }
}
