import type { EntityManager } from '@mikro-orm/postgresql';
import { TenantNotFoundError } from './tenants.errors.ts';

export type WhitelabelAsset = 'logo' | 'favicon';

export interface WhitelabelView {
  tenant_uuid: string;
  domain: string | null;
  logo_url: string | null;
  favicon_url: string | null;
}

interface WhitelabelRow {
  id: string;
  domain: string | null;
  logo_url: string | null;
  favicon_url: string | null;
}

const COLUMN: Record<WhitelabelAsset, string> = { logo: 'logo_url', favicon: 'favicon_url' };

const present = (row: WhitelabelRow | undefined): WhitelabelView => {
  if (!row) throw new TenantNotFoundError();
  return { tenant_uuid: row.id, domain: row.domain, logo_url: row.logo_url, favicon_url: row.favicon_url };
};

/** A tenant's white-label settings: its mapped domain and the CDN addresses of its logo and favicon. */
export const readWhitelabel = async (em: EntityManager, tenantId: string): Promise<WhitelabelView> => {
  const [row] = await em.execute<WhitelabelRow[]>(
    `select "id", "domain", "logo_url", "favicon_url" from "gateway"."tenant" where "id" = ? and "deleted_at" is null`,
    [tenantId],
  );
  return present(row);
};

/**
 * Points the tenant's logo or favicon at a stored file. The file it replaces stays in the
 * store: CDN addresses are immutable and may still be cached or embedded in sent mail.
 */
export const setWhitelabelAsset = async (
  em: EntityManager,
  tenantId: string,
  asset: WhitelabelAsset,
  url: string,
): Promise<WhitelabelView> => {
  const [row] = await em.execute<WhitelabelRow[]>(
    `update "gateway"."tenant" set "${COLUMN[asset]}" = ?, "updated_at" = now()
      where "id" = ? and "deleted_at" is null
      returning "id", "domain", "logo_url", "favicon_url"`,
    [url, tenantId],
  );
  return present(row);
};
