import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000100_dsp_logo_optional extends Migration {
  override name = 'Migration20261128000100_dsp_logo_optional';

  override up(): void {
    // A store has a logo only once the deployment publishes one; the registry sync (REGISTRY_VERSION 3)
    // clears the paths of logos that were never published.
    this.addSql(`alter table "supply_chain"."dsp" alter column "logo_path" drop not null`);
  }
}
