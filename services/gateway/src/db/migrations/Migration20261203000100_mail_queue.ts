import { Migration } from '@mikro-orm/migrations';

/**
 * The mail outbox on the kit's work queue: a state the queue claims by (`pending`) and ends in
 * (`failed` for a mail that can never go, `dead` once its attempts are spent), and the lease a
 * relay holds while it talks to the SMTP server, instead of a row lock in an open transaction.
 */
export class Migration20261203000100_mail_queue extends Migration {
  override name = 'Migration20261203000100_mail_queue';

  override up(): void {
    this.addSql(`alter table "gateway"."mail_outbox"
      add column "state" text not null default 'pending' check ("state" in ('pending', 'sent', 'failed', 'dead')),
      add column "lease_until" timestamptz null`);
    this.addSql(`update "gateway"."mail_outbox"
      set "state" = case when "sent_at" is not null then 'sent' when "failed_at" is not null then 'failed' else 'pending' end`);
    this.addSql(`alter table "gateway"."mail_outbox" alter column "next_attempt_at" set default now()`);
    this.addSql(`drop index "gateway"."mail_outbox_pending_idx"`);
    this.addSql(`create index "mail_outbox_due_idx" on "gateway"."mail_outbox" ("next_attempt_at") where "state" = 'pending'`);
  }
}
