import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal, Role } from '@sv/contracts';
import { verifyAccessToken, type AccessTokenSettings } from '../sessions/access-token.ts';
import { AccountSuspendedError, WorkspaceSuspendedError } from '../sessions/sessions.errors.ts';
import { INVOICE_OVERDUE_SQL } from '../tenants/tenant-rules.ts';
import { InvalidTokenError, InvoiceOverdueError } from './auth.errors.ts';

export interface AuthenticatedUser {
  principal: Principal;
  userId: string;
  sessionFamilyId: string;
}

interface UserRow {
  role: Role;
  artist_id: string | null;
  user_status: string;
  tenant_slug: string;
  tenant_status: string;
  session_live: boolean;
  invoice_overdue: boolean;
}

/**
 * Resolves a JWT access token: signature, algorithm, audience and expiry first, then in one
 * query whether its session is still live (logout and reuse detection revoke it at once), the
 * user's and the workspace's suspension, and the invoice grace. The role is the user's current one.
 */
export const authenticateUserToken = async (
  em: EntityManager,
  settings: AccessTokenSettings,
  token: string,
): Promise<AuthenticatedUser> => {
  const claims = verifyAccessToken(settings, token);
  const [row] = await em.execute<UserRow[]>(
    `select u."role", u."artist_id", u."status" as "user_status", t."slug" as "tenant_slug", t."status" as "tenant_status",
            exists (select 1 from "gateway"."session" s
                     where s."family_id" = ? and s."user_id" = u."id" and s."tenant_id" = t."id"
                       and s."revoked_at" is null and s."expires_at" > now()) as "session_live",
            ${INVOICE_OVERDUE_SQL} as "invoice_overdue"
       from "gateway"."app_user" u
       join "gateway"."tenant" t on t."id" = ? and t."deleted_at" is null
      where u."id" = ? and u."deleted_at" is null`,
    [claims.sid, claims.tenant_id, claims.sub],
  );
  if (!row || !row.session_live) throw new InvalidTokenError();
  if (row.user_status === 'suspended') throw new AccountSuspendedError();
  if (row.tenant_status === 'suspended') throw new WorkspaceSuspendedError();
  if (row.invoice_overdue) throw new InvoiceOverdueError();
  return {
    userId: claims.sub,
    sessionFamilyId: claims.sid,
    principal: {
      tenant_id: claims.tenant_id,
      tenant_slug: row.tenant_slug,
      role: row.role,
      actor: { type: 'user', id: claims.sub },
      artist_id: row.artist_id,
      roster: false,
    },
  };
};
