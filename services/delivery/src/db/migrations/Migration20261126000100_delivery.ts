import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000100_delivery extends Migration {
  override name = 'Migration20261126000100_delivery';

  override up(): void {
    // One QC run per release.qc_pending event; a worker leases it (claimed_until) while it runs.
    this.addSql(`create table "delivery"."qc_run" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "release_id" uuid not null,
      "event_id" uuid not null,
      "state" text not null check ("state" in ('queued', 'running', 'passed', 'failed', 'superseded')),
      "attempts" integer not null default 0,
      "claimed_until" timestamptz null,
      "checks" jsonb not null default '[]',
      "reason" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "finished_at" timestamptz null
    )`);
    this.addSql(`create unique index "qc_run_event_uq" on "delivery"."qc_run" ("event_id")`);
    this.addSql(`create index "qc_run_due_idx" on "delivery"."qc_run" ("created_at") where "state" in ('queued', 'running')`);
    this.addSql(`create index "qc_run_release_idx" on "delivery"."qc_run" ("tenant_id", "release_id", "created_at")`);

    // What the audio validator found in each uploaded file (one row per track and file).
    this.addSql(`create table "delivery"."audio_check" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "release_id" uuid not null,
      "track_id" uuid not null,
      "audio_key" text not null,
      "audio_url" text not null,
      "state" text not null check ("state" in ('pending', 'checked', 'error')),
      "problems" jsonb not null default '[]',
      "analysis" jsonb null,
      "uploaded_at" timestamptz not null,
      "checked_at" timestamptz null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create unique index "audio_check_file_uq" on "delivery"."audio_check" ("tenant_id", "track_id", "audio_key")`);
    this.addSql(`create index "audio_check_pending_idx" on "delivery"."audio_check" ("uploaded_at") where "state" = 'pending'`);

    // The delivery queue: one row per message to one store; attempts are recorded separately.
    this.addSql(`create table "delivery"."delivery" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "release_id" uuid not null,
      "dsp_id" integer not null,
      "dsp_slug" text not null,
      "dsp_name" text not null,
      "kind" text not null check ("kind" in ('new', 'update', 'takedown')),
      "state" text not null check ("state" in ('queued', 'sending', 'sent', 'failed', 'cancelled', 'rejected')),
      "reason" text not null,
      "message_id" text not null,
      "batch_id" text not null,
      "content_hash" text null,
      "message_created_at" timestamptz null,
      "files" jsonb not null default '[]',
      "error" text null,
      "attempts" integer not null default 0,
      "next_attempt_at" timestamptz not null,
      "claimed_until" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "sent_at" timestamptz null
    )`);
    this.addSql(`create index "delivery_due_idx" on "delivery"."delivery" ("next_attempt_at") where "state" in ('queued', 'sending')`);
    this.addSql(`create index "delivery_release_idx" on "delivery"."delivery" ("tenant_id", "release_id", "created_at" desc, "id" desc)`);
    this.addSql(`create index "delivery_message_idx" on "delivery"."delivery" ("message_id")`);

    this.addSql(`create table "delivery"."delivery_attempt" (
      "id" uuid primary key,
      "delivery_id" uuid not null references "delivery"."delivery" ("id"),
      "tenant_id" uuid not null,
      "attempt" integer not null,
      "outcome" text not null check ("outcome" in ('sent', 'failed')),
      "error" text null,
      "started_at" timestamptz not null,
      "finished_at" timestamptz not null
    )`);
    this.addSql(`create unique index "delivery_attempt_uq" on "delivery"."delivery_attempt" ("delivery_id", "attempt")`);

    // Where each store stands with a release (its lifecycle stage), for the release-level rules.
    this.addSql(`create table "delivery"."store_state" (
      "tenant_id" uuid not null,
      "release_id" uuid not null,
      "dsp_slug" text not null,
      "dsp_name" text not null,
      "stage" text not null,
      "last_delivery_id" uuid null,
      "stage_at" timestamptz not null,
      primary key ("tenant_id", "release_id", "dsp_slug")
    )`);

    // Timed workers that must run on one replica at a time take a named lease.
    this.addSql(`create table "delivery"."worker_lease" (
      "name" text primary key,
      "holder" text not null,
      "until" timestamptz not null
    )`);
  }
}
