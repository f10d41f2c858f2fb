import { Migration } from '@mikro-orm/migrations';

/**
 * The delivery and QC tables become the kit work queue's tables. Both keep their attempts count
 * (each claim adds one and is the lease's token) and their lease column (claimed_until); each
 * gains the last attempt's error for the queue, and QC runs the time of their next try. A QC run
 * whose attempts run out ends `dead`: it decided nothing, so it is neither passed nor failed.
 */
export class Migration20261201000500_work_queues extends Migration {
  override name = 'Migration20261201000500_work_queues';

  override up(): void {
    this.addSql(`alter table "delivery"."delivery"
      add column "last_error" text null,
      alter column "next_attempt_at" set default now()`);
    this.addSql(`alter table "delivery"."qc_run"
      add column "last_error" text null,
      add column "next_attempt_at" timestamptz not null default now(),
      drop constraint "qc_run_state_check",
      add constraint "qc_run_state_check" check ("state" in ('queued', 'running', 'passed', 'failed', 'superseded', 'dead'))`);
  }

  override down(): void {
    this.addSql(`update "delivery"."qc_run" set "state" = 'queued' where "state" = 'dead'`);
    this.addSql(`alter table "delivery"."qc_run"
      drop column "last_error",
      drop column "next_attempt_at",
      drop constraint "qc_run_state_check",
      add constraint "qc_run_state_check" check ("state" in ('queued', 'running', 'passed', 'failed', 'superseded'))`);
    this.addSql(`alter table "delivery"."delivery" drop column "last_error", alter column "next_attempt_at" drop default`);
  }
}
