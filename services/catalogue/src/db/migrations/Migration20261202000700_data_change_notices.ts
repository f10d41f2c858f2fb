import { Migration } from '@mikro-orm/migrations';

/** Postgres channel of the catalogue's row changes; the payload is the tenant's id. */
export const DATA_CHANGED_CHANNEL = 'catalogue_data_changed';

/** Every table of tenant-owned rows that an API answer is read from. */
export const ANNOUNCED_TABLES = [
  'artist',
  'release',
  'track',
  'writer',
  'publisher',
  'collaborator',
  'track_credit',
  'rights_record',
  'release_localization',
  'video',
  'animated_artwork',
] as const;

/**
 * Each committed change of a tenant's rows is announced on DATA_CHANGED_CHANNEL, whatever made it
 * (a request, an event consumer, an import, a manual fix), so caches of the catalogue's answers
 * can be dropped. NOTIFY is sent on commit only and once per tenant per transaction.
 */
export class Migration20261202000700_data_change_notices extends Migration {
  override name = 'Migration20261202000700_data_change_notices';

  override up(): void {
    this.addSql(`create function "catalogue"."announce_data_change"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          perform pg_notify('${DATA_CHANGED_CHANNEL}', old.tenant_id::text);
        else
          perform pg_notify('${DATA_CHANGED_CHANNEL}', new.tenant_id::text);
        end if;
        return null;
      end $$`);
    for (const table of ANNOUNCED_TABLES) {
      this.addSql(`create trigger "${table}_announce_data_change" after insert or update or delete on "catalogue"."${table}"
        for each row execute function "catalogue"."announce_data_change"()`);
    }
  }
}
