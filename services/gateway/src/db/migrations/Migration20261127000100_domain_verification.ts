import { Migration } from '@mikro-orm/migrations';

export class Migration20261127000100_domain_verification extends Migration {
  override name = 'Migration20261127000100_domain_verification';

  override up(): void {
    // The tenant's own verification token (TXT `sv-verification=<token>`), kept across domains so a
    // record published ahead of a claim still proves it; and when its domain was proven.
    this.addSql(`alter table "gateway"."tenant" add column "domain_token" text null, add column "domain_verified_at" timestamptz null`);
    this.addSql(`alter table "gateway"."tenant" add constraint "tenant_domain_verified_ck" check ("domain_verified_at" is null or "domain" is not null)`);
    // Domains mapped before proof was required keep resolving: the old unique index already gave
    // each to one tenant, and dropping them would cut live white-label logins (the operator may clear one).
    this.addSql(`update "gateway"."tenant" set "domain_verified_at" = "updated_at" where "domain" is not null`);
    // Any number of tenants may claim a domain; only a proven one is unique (and resolves).
    this.addSql(`drop index "gateway"."tenant_domain_live_uq"`);
    this.addSql(`create unique index "tenant_domain_verified_uq" on "gateway"."tenant" (lower("domain"))
      where "deleted_at" is null and "domain_verified_at" is not null`);
  }

  override down(): void {
    // Pending claims may share a domain, which the old index refuses: they go.
    this.addSql(`update "gateway"."tenant" set "domain" = null where "domain_verified_at" is null`);
    this.addSql(`drop index "gateway"."tenant_domain_verified_uq"`);
    this.addSql(`create unique index "tenant_domain_live_uq" on "gateway"."tenant" (lower("domain"))
      where "deleted_at" is null and "domain" is not null`);
    this.addSql(`alter table "gateway"."tenant" drop constraint "tenant_domain_verified_ck"`);
    this.addSql(`alter table "gateway"."tenant" drop column "domain_verified_at", drop column "domain_token"`);
  }
}
