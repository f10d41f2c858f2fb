import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000100_credentials extends Migration {
  override name = 'Migration20261122000100_credentials';

  override up(): void {
    this.addSql(`alter table "gateway"."app_user" add column "email_verified_at" timestamptz null`);

    // Codes are six digits, so the digest is keyed with a server-side pepper (a stolen table
    // alone cannot be brute-forced); every try is counted and the fifth wrong one kills the code.
    this.addSql(`create table "gateway"."one_time_code" (
      "id" uuid primary key,
      "user_id" uuid not null references "gateway"."app_user" ("id") on delete cascade,
      "tenant_id" uuid not null references "gateway"."tenant" ("id"),
      "purpose" text not null check ("purpose" in ('email_verification')),
      "code_digest" text not null,
      "attempts" integer not null default 0 check ("attempts" >= 0),
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "revoked_at" timestamptz null
    )`);
    this.addSql(`create index "one_time_code_user_live_idx" on "gateway"."one_time_code" ("user_id", "purpose", "created_at")
      where "used_at" is null and "revoked_at" is null`);
    this.addSql(`create index "one_time_code_user_idx" on "gateway"."one_time_code" ("user_id")`);

    this.addSql(`create table "gateway"."password_reset_token" (
      "id" uuid primary key,
      "user_id" uuid not null references "gateway"."app_user" ("id") on delete cascade,
      "tenant_id" uuid not null references "gateway"."tenant" ("id"),
      "token_digest" text not null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "revoked_at" timestamptz null
    )`);
    this.addSql(`create unique index "password_reset_token_digest_uq" on "gateway"."password_reset_token" ("token_digest")`);
    this.addSql(`create index "password_reset_token_user_idx" on "gateway"."password_reset_token" ("user_id")`);

    // Mails leave through this outbox: written with the code or token that they carry, sent by
    // the relay (rows claimed with SKIP LOCKED), marked sent only once the transport accepted them.
    this.addSql(`create table "gateway"."mail_outbox" (
      "id" uuid primary key,
      "tenant_id" uuid null references "gateway"."tenant" ("id"),
      "recipient" text not null,
      "subject" text not null,
      "sealed_body" text null,
      "created_at" timestamptz not null,
      "discard_after" timestamptz null,
      "attempts" integer not null default 0 check ("attempts" >= 0),
      "next_attempt_at" timestamptz not null,
      "last_error" text null,
      "sent_at" timestamptz null,
      "failed_at" timestamptz null
    )`);
    this.addSql(`create index "mail_outbox_pending_idx" on "gateway"."mail_outbox" ("next_attempt_at")
      where "sent_at" is null and "failed_at" is null`);
    this.addSql(`create index "mail_outbox_created_idx" on "gateway"."mail_outbox" ("created_at")`);
  }
}
