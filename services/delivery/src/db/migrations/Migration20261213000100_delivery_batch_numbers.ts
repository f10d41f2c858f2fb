import { Migration } from '@mikro-orm/migrations';

/**
 * A batch id's last three digits come from one sequence every replica draws from, where they were
 * random: two deliveries queued in the same millisecond (one approval's stores, two replicas at
 * once) shared a batch id one time in a thousand, and with it the store's batch folder.
 */
export class Migration20261213000100_delivery_batch_numbers extends Migration {
  override name = 'Migration20261213000100_delivery_batch_numbers';

  override up(): void {
    this.addSql(`create sequence if not exists "delivery"."batch_number" as bigint cycle`);
  }

  override down(): void {
    this.addSql(`drop sequence if exists "delivery"."batch_number"`);
  }
}
