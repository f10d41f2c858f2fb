import { Migration } from '@mikro-orm/migrations';

export class Migration20261202000200_statements_ledger extends Migration {
  override name = 'Migration20261202000200_statements_ledger';

  override up(): void {
    this.addSql(`create table "royalties"."royalty_statement" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "period" text not null check ("period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      "currency" text not null check ("currency" ~ '^[A-Z]{3}$'),
      "filename" text null,
      "status" text not null check ("status" in ('processing', 'completed', 'approved', 'paid', 'failed')),
      "total_micros" bigint not null,
      "line_count" integer not null check ("line_count" >= 0),
      "unmatched_count" integer not null check ("unmatched_count" >= 0),
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "approved_at" timestamptz null,
      "paid_at" timestamptz null
    )`);
    // The list: a tenant's statements, newest first.
    this.addSql(`create index "royalty_statement_tenant_created_idx" on "royalties"."royalty_statement" ("tenant_id", "created_at" desc, "id" desc)`);

    this.addSql(`create table "royalties"."royalty_line_item" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "statement_id" uuid not null references "royalties"."royalty_statement" ("id"),
      "position" integer not null,
      "dsp_name" text not null,
      "track_title" text not null,
      "artist_name" text not null,
      "revenue_micros" bigint not null,
      "isrc" text null,
      "upc" text null,
      "period" text not null,
      "matched" text null check ("matched" in ('track', 'release')),
      "track_id" uuid null,
      "release_id" uuid null,
      "artist_id" uuid null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create unique index "royalty_line_item_position_idx" on "royalties"."royalty_line_item" ("statement_id", "position")`);

    this.addSql(`create table "royalties"."ledger_entry" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "journal_id" uuid not null,
      "account" text not null check ("account" in ('royalty_income', 'payee_pending', 'payee_available', 'payee_withdrawing')),
      "payee_type" text not null check ("payee_type" in ('artist', 'user', 'writer', 'external', 'tenant')),
      "payee_id" uuid null check (("payee_type" in ('artist', 'user', 'writer')) = ("payee_id" is not null)),
      -- An external payee (a split's, with no account here) is known by its email only.
      "payee_email" text null check (("payee_type" = 'external') = ("payee_email" is not null)),
      "currency" text not null,
      "amount_minor" bigint not null,
      "cause_type" text not null,
      "cause_id" uuid not null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "ledger_entry_journal_idx" on "royalties"."ledger_entry" ("journal_id")`);
    // Balances are sums per payee and account.
    this.addSql(`create index "ledger_entry_payee_idx" on "royalties"."ledger_entry" ("tenant_id", "payee_type", "payee_id", "account")`);
    this.addSql(`create index "ledger_entry_cause_idx" on "royalties"."ledger_entry" ("tenant_id", "cause_type", "cause_id")`);

    // Double entry, enforced by the database too: checked at commit, once every leg of a journal is in.
    this.addSql(`create function "royalties"."ledger_journal_balanced"() returns trigger language plpgsql as $body$
    begin
      if exists (
        select 1 from "royalties"."ledger_entry"
        where "journal_id" = new."journal_id"
        group by "currency"
        having sum("amount_minor") <> 0
      ) then
        raise exception 'ledger journal % does not sum to zero', new."journal_id" using errcode = '23514';
      end if;
      return null;
    end
    $body$`);
    this.addSql(`create constraint trigger "ledger_entry_balanced" after insert on "royalties"."ledger_entry"
      deferrable initially deferred for each row execute function "royalties"."ledger_journal_balanced"()`);
    // Entries are history: a correction is a new journal, never an edit.
    this.addSql(`create function "royalties"."ledger_entry_immutable"() returns trigger language plpgsql as $body$
    begin
      raise exception 'ledger entries are append-only' using errcode = '42501';
    end
    $body$`);
    this.addSql(`create trigger "ledger_entry_append_only" before update or delete on "royalties"."ledger_entry"
      for each row execute function "royalties"."ledger_entry_immutable"()`);

    this.addSql(`create table "royalties"."withdrawal" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "payee_type" text not null check ("payee_type" in ('artist', 'tenant')),
      "payee_id" uuid null,
      "currency" text not null,
      "amount_minor" bigint not null check ("amount_minor" > 0),
      "status" text not null check ("status" in ('pending', 'simulated', 'completed', 'failed')),
      "note" text null,
      "estimated_arrival" date not null,
      "journal_id" uuid not null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "withdrawal_payee_idx" on "royalties"."withdrawal" ("tenant_id", "payee_type", "payee_id", "created_at" desc)`);
  }
}
