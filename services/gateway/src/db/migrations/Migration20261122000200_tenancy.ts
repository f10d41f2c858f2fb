import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000200_tenancy extends Migration {
  override name = 'Migration20261122000200_tenancy';

  override up(): void {
    // White-label assets: stored files' CDN addresses, set by the upload endpoints.
    this.addSql(`alter table "gateway"."tenant" add column "logo_url" text null, add column "favicon_url" text null`);
    // Children of a tenant are listed and walked (recursive CTE) by parent.
    this.addSql(`create index "tenant_parent_idx" on "gateway"."tenant" ("parent_id") where "deleted_at" is null`);

    // Who acted on which tenant of the hierarchy; written in the action's own transaction.
    this.addSql(`create table "gateway"."tenant_audit_log" (
      "id" uuid primary key,
      "action" text not null check ("action" in ('login_as')),
      "actor_user_id" uuid not null references "gateway"."app_user" ("id"),
      "actor_tenant_id" uuid not null references "gateway"."tenant" ("id"),
      "actor_role" text not null,
      "target_tenant_id" uuid not null references "gateway"."tenant" ("id"),
      "session_family_id" uuid null,
      "request_id" text null,
      "at" timestamptz not null
    )`);
    this.addSql(`create index "tenant_audit_log_actor_tenant_idx" on "gateway"."tenant_audit_log" ("actor_tenant_id", "at")`);
    this.addSql(`create index "tenant_audit_log_target_tenant_idx" on "gateway"."tenant_audit_log" ("target_tenant_id", "at")`);
  }
}
