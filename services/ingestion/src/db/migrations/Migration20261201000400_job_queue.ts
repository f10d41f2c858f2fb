import { Migration } from '@mikro-orm/migrations';

/**
 * The job table becomes the kit work queue's table: each claim counts an attempt (and is the
 * lease's token), a failed attempt leaves its error and the time of the next try. A job whose
 * attempts run out ends `failed`, the state the API already knows, with the last error.
 */
export class Migration20261201000400_job_queue extends Migration {
  override name = 'Migration20261201000400_job_queue';

  override up(): void {
    this.addSql(`alter table "ingestion"."ingestion_job"
      add column "attempts" integer not null default 0,
      add column "last_error" text null,
      add column "next_attempt_at" timestamptz not null default now()`);
  }
}
