import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000000_unlogged_rate_windows extends Migration {
  override name = 'Migration20261124000000_unlogged_rate_windows';

  override up(): void {
    // Counters of one-minute windows need no crash safety: after a database crash the current
    // minute starts over. Without WAL, counting never waits on a disk flush.
    this.addSql(`alter table "gateway"."rate_limit_window" set unlogged`);
  }

  override down(): void {
    this.addSql(`alter table "gateway"."rate_limit_window" set logged`);
  }
}
