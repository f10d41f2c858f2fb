import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal, Role } from '@sv/contracts';
import { apiKeyPrefix, digestApiKey, digestsMatch } from '../api-keys/api-key-token.ts';
import { INVOICE_OVERDUE_SQL } from '../tenants/tenant-rules.ts';
import { InvalidApiKeyError, InvoiceOverdueError } from './auth.errors.ts';

export interface AuthenticatedCaller {
  principal: Principal;
  apiKeyId: string;
}

interface KeyRow {
  id: string;
  digest: string;
  role: Role;
  artist_id: string | null;
  roster: boolean;
  expires_at: Date | null;
  revoked_at: Date | null;
  tenant_id: string;
  tenant_slug: string;
  tenant_status: string;
  invoice_overdue: boolean;
}

/**
 * Resolves a raw `svk_` key to its principal in one query. The key is found by its public prefix
 * and its digest compared in constant time. A revoked or expired key, or one whose tenant is
 * suspended, is refused with the same message as an unknown key (spec: "invalid"); a tenant
 * past its invoice grace is 402 on every request.
 */
export const authenticateApiKey = async (em: EntityManager, raw: string): Promise<AuthenticatedCaller> => {
  const prefix = apiKeyPrefix(raw);
  if (!prefix) throw new InvalidApiKeyError();
  const [row] = await em.execute<KeyRow[]>(
    `select k."id", k."digest", k."role", k."artist_id", k."roster", k."expires_at", k."revoked_at",
            t."id" as "tenant_id", t."slug" as "tenant_slug", t."status" as "tenant_status",
            ${INVOICE_OVERDUE_SQL} as "invoice_overdue"
       from "gateway"."api_key" k
       join "gateway"."tenant" t on t."id" = k."tenant_id" and t."deleted_at" is null
      where k."prefix" = ?`,
    [prefix],
  );
  const digest = digestApiKey(raw);
  if (!row || !digestsMatch(row.digest, digest)) throw new InvalidApiKeyError();
  if (row.revoked_at || (row.expires_at && new Date(row.expires_at).getTime() <= Date.now())) throw new InvalidApiKeyError();
  if (row.tenant_status === 'suspended') throw new InvalidApiKeyError();
  if (row.invoice_overdue) throw new InvoiceOverdueError();
  return {
    apiKeyId: row.id,
    principal: {
      tenant_id: row.tenant_id,
      tenant_slug: row.tenant_slug,
      role: row.role,
      actor: { type: 'api_key', id: row.id },
      artist_id: row.artist_id,
      roster: row.roster,
    },
  };
};
