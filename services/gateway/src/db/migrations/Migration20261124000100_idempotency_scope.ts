import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000100_idempotency_scope extends Migration {
  override name = 'Migration20261124000100_idempotency_scope';

  override up(): void {
    // Records so far are scoped to the tenant only and hold responses in plain text (a webhook
    // secret among them). They live 24 hours and say nothing of the credential that made them,
    // so they are dropped rather than guessed at: a retry of one runs as a new request.
    this.addSql(`delete from "gateway"."idempotency_record"`);
    this.addSql(`alter table "gateway"."idempotency_record" drop constraint "idempotency_record_pkey"`);
    // `api_key:<id>` or `user:<id>`: another credential of the tenant never replays this one's response.
    this.addSql(`alter table "gateway"."idempotency_record" add column "credential" text not null`);
    this.addSql(`alter table "gateway"."idempotency_record" add primary key ("tenant_id", "credential", "key")`);
    // Headers and body, sealed (AES-256-GCM) under a key derived from the token secret.
    this.addSql(`alter table "gateway"."idempotency_record" drop column "response_headers", drop column "response_body"`);
    this.addSql(`alter table "gateway"."idempotency_record" add column "sealed_response" text null`);
  }

  override down(): void {
    this.addSql(`delete from "gateway"."idempotency_record"`);
    this.addSql(`alter table "gateway"."idempotency_record" drop column "sealed_response"`);
    this.addSql(`alter table "gateway"."idempotency_record" add column "response_headers" jsonb null, add column "response_body" jsonb null`);
    this.addSql(`alter table "gateway"."idempotency_record" drop constraint "idempotency_record_pkey"`);
    this.addSql(`alter table "gateway"."idempotency_record" drop column "credential"`);
    this.addSql(`alter table "gateway"."idempotency_record" add primary key ("tenant_id", "key")`);
  }
}
