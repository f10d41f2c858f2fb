import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@sv/contracts';
import { NotFoundError } from '@sv/platform';
import { ApiKey } from '../../db/entities/api-key.entity.ts';
import { findTenantBySlug } from '../tenants/tenants.service.ts';
import { apiKeyPrefix, digestApiKey, digestsMatch, issueApiKey } from './api-key-token.ts';

export interface ApiKeyView {
  uuid: string;
  prefix: string;
  role: string;
  roster: boolean;
  artist_id: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export const presentApiKey = (key: ApiKey): ApiKeyView => ({
  uuid: key.id,
  prefix: key.prefix,
  role: key.role,
  roster: key.roster,
  artist_id: key.artistId ?? null,
  expires_at: key.expiresAt?.toISOString() ?? null,
  revoked_at: key.revokedAt?.toISOString() ?? null,
  created_at: key.createdAt.toISOString(),
});

export interface CreateApiKeyInput {
  tenantSlug: string;
  role: Role;
  artistId?: string | undefined;
  roster?: boolean | undefined;
  expiresAt?: Date | undefined;
}

/** Issues a key; the raw value is returned here once and never stored. */
export const createApiKey = async (em: EntityManager, input: CreateApiKeyInput): Promise<{ raw: string; key: ApiKey }> => {
  const tenant = await findTenantBySlug(em, input.tenantSlug);
  const issued = issueApiKey();
  const key = em.create(ApiKey, {
    id: randomUUID(),
    tenantId: tenant.id,
    prefix: issued.prefix,
    digest: issued.digest,
    role: input.role,
    artistId: input.artistId ?? null,
    roster: input.roster ?? false,
    expiresAt: input.expiresAt ?? null,
    revokedAt: null,
    createdAt: new Date(),
  });
  await em.flush();
  return { raw: issued.raw, key };
};

export const revokeApiKey = async (em: EntityManager, raw: string): Promise<ApiKey> => {
  const prefix = apiKeyPrefix(raw);
  const key = prefix ? await em.findOne(ApiKey, { prefix }) : null;
  if (!key || !digestsMatch(key.digest, digestApiKey(raw))) throw new NotFoundError('API key not found.', 'api_key.not_found');
  key.revokedAt ??= new Date();
  await em.flush();
  return key;
};

export const findApiKey = async (em: EntityManager, id: string): Promise<ApiKey> => {
  const key = await em.findOne(ApiKey, { id });
  if (!key) throw new NotFoundError('API key not found.', 'api_key.not_found');
  return key;
};
