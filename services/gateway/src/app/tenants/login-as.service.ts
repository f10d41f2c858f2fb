import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal, Role } from '@sv/contracts';
import { Session } from '../../db/entities/session.entity.ts';
import { TenantAuditLog } from '../../db/entities/tenant-audit-log.entity.ts';
import type { Tenant } from '../../db/entities/tenant.entity.ts';
import { issueAccessToken, type AccessTokenSettings, type IssuedAccessToken } from '../sessions/access-token.ts';
import { newRefreshToken } from '../sessions/refresh-token.ts';
import { WorkspaceSuspendedError } from '../sessions/sessions.errors.ts';
import { assertMayLoginAs } from './tenant-access.ts';
import { findLoginAsTarget } from './tenant-hierarchy.ts';

export interface LoginAsCaller {
  principal: Principal;
  /** Set for a signed-in user; an API key has no person behind it to re-scope. */
  userId: string | undefined;
  requestId: string | undefined;
}

export interface LoginAsResult {
  access: IssuedAccessToken;
  target: Tenant;
  userId: string;
  role: Role;
  auditId: string;
}

/**
 * Logs the caller in to a client tenant (child, grandchild, …) as themselves: the token names
 * the same user and carries the same role, only `tenant_id` changes, so nothing is elevated.
 * It rests on a session row of its own (a new family) scoped to the client and living exactly
 * as long as the access token: there is no refresh token, and logout ends it like any session.
 * The session and the audit row commit together or not at all.
 */
export const loginAs = async (
  em: EntityManager,
  settings: AccessTokenSettings,
  caller: LoginAsCaller,
  targetId: string,
): Promise<LoginAsResult> => {
  const { principal } = caller;
  const userId = assertMayLoginAs(principal, caller.userId);
  const target = await findLoginAsTarget(em, principal.tenant_id, targetId);
  if (target.status === 'suspended') throw new WorkspaceSuspendedError();

  const familyId = randomUUID();
  const access = issueAccessToken(settings, { userId, tenantId: target.id, role: principal.role, sessionFamilyId: familyId });
  const auditId = randomUUID();
  await em.transactional(async (tx) => {
    const now = new Date();
    tx.create(Session, {
      id: randomUUID(),
      familyId,
      userId,
      tenantId: target.id,
      // Never handed out: the row exists so the token can be checked and revoked like any other.
      tokenDigest: newRefreshToken().digest,
      createdAt: now,
      expiresAt: access.expiresAt,
      rotatedAt: null,
      revokedAt: null,
    });
    tx.create(TenantAuditLog, {
      id: auditId,
      action: 'login_as',
      actorUserId: userId,
      actorTenantId: principal.tenant_id,
      actorRole: principal.role,
      targetTenantId: target.id,
      sessionFamilyId: familyId,
      requestId: caller.requestId ?? null,
      at: now,
    });
  });
  return { access, target, userId, role: principal.role, auditId };
};
