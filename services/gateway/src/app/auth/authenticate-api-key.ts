import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal, Role } from '@sv/contracts';
import { apiKeyPrefix, digestApiKey, digestsMatch } from '../api-keys/api-key-token.ts';
import { INVOICE_LOCKED_FROM_SQL } from '../tenants/tenant-rules.ts';
import { InvalidApiKeyError, InvoiceOverdueError } from './auth.errors.ts';

export interface AuthenticatedCaller {
  principal: Principal;
  apiKeyId: string;
}

/** What deciding on a key needs: the key and its tenant's state, as of when it was read. */
export interface ApiKeyRecord {
  id: string;
  digest: string;
  role: Role;
  artistId: string | null;
  roster: boolean;
  /** Epoch milliseconds, or null for a key that never expires. */
  expiresAt: number | null;
  revoked: boolean;
  tenantId: string;
  tenantSlug: string;
  tenantSuspended: boolean;
  /** Epoch milliseconds from which an unpaid invoice locks the tenant (402), or null. */
  lockedFrom: number | null;
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
  locked_from: Date | null;
}

const epoch = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

/** Reads a key by its public prefix with its tenant's state, in one query; undefined when unknown. */
export const loadApiKeyRecord = async (em: EntityManager, prefix: string): Promise<ApiKeyRecord | undefined> => {
  const [row] = await em.execute<KeyRow[]>(
    `select k."id", k."digest", k."role", k."artist_id", k."roster", k."expires_at", k."revoked_at",
            t."id" as "tenant_id", t."slug" as "tenant_slug", t."status" as "tenant_status",
            ${INVOICE_LOCKED_FROM_SQL} as "locked_from"
       from "gateway"."api_key" k
       join "gateway"."tenant" t on t."id" = k."tenant_id" and t."deleted_at" is null
      where k."prefix" = ?`,
    [prefix],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    digest: row.digest,
    role: row.role,
    artistId: row.artist_id,
    roster: row.roster,
    expiresAt: epoch(row.expires_at),
    revoked: row.revoked_at !== null,
    tenantId: row.tenant_id,
    tenantSlug: row.tenant_slug,
    tenantSuspended: row.tenant_status === 'suspended',
    lockedFrom: epoch(row.locked_from),
  };
};

/** Finds the record of a key prefix (from a cache or the database). */
export type ApiKeyLookup = (prefix: string) => Promise<ApiKeyRecord | undefined>;

/**
 * Resolves a raw `svk_` key to its principal. The key is found by its public prefix and its
 * digest compared in constant time. A revoked or expired key, or one whose tenant is suspended,
 * is refused with the same message as an unknown key (spec: "invalid"); a tenant past its
 * invoice grace is 402 on every request. Expiry and the grace are decided against `now`, so a
 * cached record turns invalid on time.
 */
export const authenticateApiKey = async (lookup: ApiKeyLookup, raw: string, now = Date.now()): Promise<AuthenticatedCaller> => {
  const prefix = apiKeyPrefix(raw);
  if (!prefix) throw new InvalidApiKeyError();
  const record = await lookup(prefix);
  if (!record || !digestsMatch(record.digest, digestApiKey(raw))) throw new InvalidApiKeyError();
  if (record.revoked || (record.expiresAt !== null && record.expiresAt <= now)) throw new InvalidApiKeyError();
  if (record.tenantSuspended) throw new InvalidApiKeyError();
  if (record.lockedFrom !== null && record.lockedFrom <= now) throw new InvoiceOverdueError();
  return {
    apiKeyId: record.id,
    principal: {
      tenant_id: record.tenantId,
      tenant_slug: record.tenantSlug,
      role: record.role,
      actor: { type: 'api_key', id: record.id },
      artist_id: record.artistId,
      roster: record.roster,
    },
  };
};
