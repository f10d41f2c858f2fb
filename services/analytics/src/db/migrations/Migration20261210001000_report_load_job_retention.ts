import { Migration } from '@mikro-orm/migrations';

/**
 * The hourly prune of finished report load jobs (those that ended more than
 * `SV_REPORT_JOB_RETENTION_DAYS` ago) reads the ended jobs by when they ended, rather than every
 * job of the table. The predicate is the prune's own (`"status" in ('completed', 'failed')`), so
 * Postgres can use the index for it.
 */
export class Migration20261210001000_report_load_job_retention extends Migration {
  override name = 'Migration20261210001000_report_load_job_retention';

  override up(): void {
    this.addSql(`create index "report_load_job_finished_idx" on "analytics"."report_load_job" ("finished_at") where "status" in ('completed', 'failed')`);
  }

  override down(): void {
    this.addSql(`drop index "analytics"."report_load_job_finished_idx"`);
  }
}
