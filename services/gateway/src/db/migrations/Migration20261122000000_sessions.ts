import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_sessions extends Migration {
  override name = 'Migration20261122000000_sessions';

  override up(): void {
    // One row per refresh token. Rotation chains rows of one family; presenting a token that was
    // already rotated revokes the whole family (a stolen token is then useless to both parties).
    this.addSql(`create table "gateway"."session" (
      "id" uuid primary key,
      "family_id" uuid not null,
      "user_id" uuid not null references "gateway"."app_user" ("id"),
      "tenant_id" uuid not null references "gateway"."tenant" ("id"),
      "token_digest" text not null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      "rotated_at" timestamptz null,
      "revoked_at" timestamptz null
    )`);
    this.addSql(`create unique index "session_token_digest_uq" on "gateway"."session" ("token_digest")`);
    this.addSql(`create index "session_family_idx" on "gateway"."session" ("family_id")`);
    this.addSql(`create index "session_user_idx" on "gateway"."session" ("user_id") where "revoked_at" is null`);
  }
}
