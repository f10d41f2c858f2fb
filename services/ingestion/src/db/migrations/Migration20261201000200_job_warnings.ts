import { Migration } from '@mikro-orm/migrations';

export class Migration20261201000200_job_warnings extends Migration {
  override name = 'Migration20261201000200_job_warnings';

  override up(): void {
    this.addSql(`alter table "ingestion"."ingestion_job" add column "warnings" jsonb not null default '{}'`);
  }
}
