import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { Messages } from '@sv/contracts';
import { apiClient, apiRequest, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

type Api = ReturnType<typeof apiClient>;

const PASSWORD = 'correct horse battery staple';
const ADMIN_TIMEOUT = 30_000;

interface Claims {
  sub: string;
  tenant_id: string;
  role: string;
  sid: string;
  exp: number;
  iat: number;
  aud: string;
  iss: string;
}

const claimsOf = (token: string): Claims => jwt.decode(token) as Claims;

const expectError = (response: ApiResponse, status: number, message: string) => {
  expect([response.status, response.body]).toEqual([status, { success: false, error: message }]);
};

interface AuditRow {
  action: string;
  actor_user_id: string;
  actor_tenant_id: string;
  actor_role: string;
  target_tenant_id: string;
  session_family_id: string;
  request_id: string | null;
  at: Date;
}

const SECRETS = { production: 'production-secret-for-tests-0123456789', sandbox: 'sandbox-secret-for-tests-9876543210' };

/*
 * One production platform for the file: login-as runs in it, and it is the production side of the
 * environment binding below (its own token secret), so that test starts only the sandbox.
 */
let production: TestPlatform;

beforeAll(async () => {
  production = await startPlatform({ env: { SV_RATE_LIMIT_MULTIPLIER: '20', SV_TOKEN_SECRET: SECRETS.production } });
}, 120_000);

afterAll(async () => {
  await production?.stop();
});

describe('login-as into client tenants', () => {
  let platform: TestPlatform;
  let db: pg.Client;
  const tenants: Record<string, { uuid: string; slug: string }> = {};
  const users: Record<string, { uuid: string; email: string; role: string }> = {};
  const tokens: Record<string, string> = {};
  const artists: Record<string, string> = {};

  const api = (token: string): Api => apiClient(platform.baseUrl, token);
  const loginAs = (token: string, tenantUuid: string, headers: Record<string, string> = {}) =>
    api(token)(`/tenants/clients/${tenantUuid}/login-as`, { method: 'POST', headers });
  const auditRows = async (): Promise<AuditRow[]> =>
    (await db.query<AuditRow>(`select * from "gateway"."tenant_audit_log" order by "at", "id"`)).rows;

  beforeAll(async () => {
    platform = production;
    db = new pg.Client({ connectionString: platform.db.url });
    await db.connect();
    // label ─┬─ child ── grandchild
    //        └─ sibling
    // other (an unrelated tree)
    const [label, other] = await Promise.all([
      platform.adminOk('tenant', 'create', '--slug', 'label', '--name', 'Label'),
      platform.adminOk('tenant', 'create', '--slug', 'other', '--name', 'Other'),
    ]);
    const [child, sibling] = await Promise.all([
      platform.adminOk('tenant', 'create', '--slug', 'child', '--name', 'Child', '--parent', 'label'),
      platform.adminOk('tenant', 'create', '--slug', 'sibling', '--name', 'Sibling', '--parent', 'label'),
    ]);
    const grandchild = await platform.adminOk('tenant', 'create', '--slug', 'grandchild', '--name', 'Grandchild', '--parent', 'child');
    Object.assign(tenants, {
      label: label.tenant,
      other: other.tenant,
      child: child.tenant,
      sibling: sibling.tenant,
      grandchild: grandchild.tenant,
    });

    const user = async (name: string, tenant: string, role: string) => {
      const email = `${name}@${tenant}.example`;
      users[name] = (await platform.adminOk('user', 'create', '--tenant', tenant, '--email', email, '--password', PASSWORD, '--role', role)).user;
    };
    const artist = async (tenant: string, name: string, slug: string) => {
      artists[slug] = (await platform.adminOk('artist', 'create', '--tenant', tenant, '--name', name, '--slug', slug)).artist.uuid;
    };
    await Promise.all([
      user('owner', 'label', 'owner'),
      user('labeladmin', 'label', 'label_admin'),
      user('team', 'label', 'team'),
      user('artist', 'label', 'artist'),
      user('childowner', 'child', 'owner'),
      user('otherowner', 'other', 'owner'),
      artist('grandchild', 'Grandchild Artist', 'grand-artist'),
      artist('label', 'Label Artist', 'label-artist'),
    ]);
    const login = async (name: string, tenant: string) => {
      const response = await apiRequest(platform.baseUrl, '/auth/login', {
        body: { email: users[name]!.email, password: PASSWORD, tenant_slug: tenant },
      });
      expect(response.status).toBe(200);
      tokens[name] = response.body.data.access_token;
    };
    await Promise.all([
      login('owner', 'label'),
      login('labeladmin', 'label'),
      login('team', 'label'),
      login('artist', 'label'),
      login('childowner', 'child'),
      login('otherowner', 'other'),
    ]);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
  });

  describe('into a descendant', () => {
    let grandchildToken: string;

    it('into a grandchild: 200 with a token for the same user and role, re-scoped to the grandchild', async () => {
      const response = await loginAs(tokens.owner!, tenants.grandchild!.uuid);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: {
          access_token: expect.any(String),
          token_type: 'Bearer',
          expires_at: expect.any(String),
          acting_as: { user_id: users.owner!.uuid, role: 'owner' },
          tenant: { uuid: tenants.grandchild!.uuid, slug: 'grandchild', name: 'Grandchild' },
          note: expect.stringMatching(/cannot be refreshed/),
        },
      });
      // No refresh cookie: the token is all there is.
      expect(response.headers.get('set-cookie')).toBeNull();
      grandchildToken = response.body.data.access_token;

      const claims = claimsOf(grandchildToken);
      const original = claimsOf(tokens.owner!);
      expect(claims.sub).toBe(users.owner!.uuid);
      expect(claims.role).toBe('owner');
      expect(claims.tenant_id).toBe(tenants.grandchild!.uuid);
      expect(claims.aud).toBe('sv:production');
      // A session family of its own, living as long as a login token.
      expect(claims.sid).not.toBe(original.sid);
      expect(claims.exp - claims.iat).toBe(original.exp - original.iat);
      expect(new Date(response.body.data.expires_at).getTime()).toBe(claims.exp * 1000);
    });

    it("the token reads the grandchild's data: the workspace is the grandchild, its artists are listed", async () => {
      const me = await api(grandchildToken)('/users/me');
      expect(me.status).toBe(200);
      expect(me.body.data.type).toBe('user');
      expect(me.body.data.role).toBe('owner');
      expect(me.body.data.workspace.uuid).toBe(tenants.grandchild!.uuid);
      expect(me.body.data.workspace.slug).toBe('grandchild');
      expect(me.body.data.user.uuid).toBe(users.owner!.uuid);

      const list = await api(grandchildToken)('/artists');
      expect(list.status).toBe(200);
      expect(list.body.artists.map((artist: { slug: string }) => artist.slug)).toEqual(['grand-artist']);
      expectError(await api(grandchildToken)(`/artists/${artists['label-artist']}`), 404, Messages.artistNotFound);

      // The original token still acts in the label.
      const home = await api(tokens.owner!)('/artists');
      expect(home.body.artists.map((artist: { slug: string }) => artist.slug)).toEqual(['label-artist']);
      expect((await api(tokens.owner!)('/users/me')).body.data.workspace.uuid).toBe(tenants.label!.uuid);
    });

    it('from there, the parent and the caller tenant itself are not descendants (403)', async () => {
      for (const target of [tenants.child!, tenants.label!, tenants.grandchild!, tenants.sibling!]) {
        expectError(await loginAs(grandchildToken, target.uuid), 403, 'Not a descendant of your tenant.');
      }
    });

    it('into a child, then on down into the grandchild (a chain stays the same user and role)', async () => {
      const child = await loginAs(tokens.labeladmin!, tenants.child!.uuid);
      expect(child.status).toBe(200);
      expect(child.body.data.acting_as).toEqual({ user_id: users.labeladmin!.uuid, role: 'label_admin' });
      const chained = await loginAs(child.body.data.access_token, tenants.grandchild!.uuid);
      expect(chained.status).toBe(200);
      expect(chained.body.data.acting_as).toEqual({ user_id: users.labeladmin!.uuid, role: 'label_admin' });
      expect(claimsOf(chained.body.data.access_token)).toEqual(
        expect.objectContaining({ sub: users.labeladmin!.uuid, role: 'label_admin', tenant_id: tenants.grandchild!.uuid }),
      );
      // Acting in the child, the child's clients are the caller's clients.
      const clients = await api(child.body.data.access_token)('/tenants/clients');
      expect(clients.body.data.map((tenant: { slug: string }) => tenant.slug)).toEqual(['grandchild']);
    });

    it('a client user can act in its own descendants only: the parent and a sibling are 403', async () => {
      expect((await loginAs(tokens.childowner!, tenants.grandchild!.uuid)).status).toBe(200);
      for (const target of [tenants.sibling!, tenants.label!, tenants.child!]) {
        expectError(await loginAs(tokens.childowner!, target.uuid), 403, Messages.notDescendant);
      }
    });

    it('a tenant of another tree is 403; an unknown or malformed uuid is 404 "Tenant not found."', async () => {
      expectError(await loginAs(tokens.owner!, tenants.other!.uuid), 403, Messages.notDescendant);
      expectError(await loginAs(tokens.otherowner!, tenants.child!.uuid), 403, Messages.notDescendant);
      expectError(await loginAs(tokens.owner!, randomUUID()), 404, 'Tenant not found.');
      expectError(await loginAs(tokens.owner!, 'not-a-uuid'), 404, Messages.tenantNotFound);
    });
  });

  describe('never elevated', () => {
    it('the role in the token is the user role, whatever the client tenant holds', async () => {
      const response = await loginAs(tokens.labeladmin!, tenants.sibling!.uuid);
      expect(response.status).toBe(200);
      expect(response.body.data.acting_as.role).toBe('label_admin');
      const me = await api(response.body.data.access_token)('/users/me');
      expect(me.body.data.role).toBe('label_admin');
      expect(me.body.data.user.role).toBe('label_admin');
      expect(me.body.data.workspace.uuid).toBe(tenants.sibling!.uuid);
    });

    it('a team user is 403: login-as belongs to the admin tier (owner, label_admin, staff, super_admin), and team has no admin rights', async () => {
      expectError(await loginAs(tokens.team!, tenants.child!.uuid), 403, 'You do not have permission to perform this action.');
      expectError(await loginAs(tokens.team!, tenants.grandchild!.uuid), 403, Messages.forbidden);
    });

    it('an artist user is 403 (it acts for its own artist, which lives in its own tenant)', async () => {
      expectError(await loginAs(tokens.artist!, tenants.child!.uuid), 403, Messages.forbidden);
    });

    it('an API key is 403: login-as re-scopes a person, and a key is none', async () => {
      const key = (await platform.adminOk('key', 'create', '--tenant', 'label', '--role', 'owner')).key as string;
      expectError(await loginAs(key, tenants.child!.uuid), 403, 'You do not have permission to perform this action.');
    }, ADMIN_TIMEOUT);
  });

  describe('audit log', () => {
    it('records every login-as (actor, actor tenant, target, request id) and nothing for refusals', async () => {
      const before = await auditRows();
      const requestId = `audit-${randomUUID()}`;
      const response = await loginAs(tokens.owner!, tenants.child!.uuid, { 'X-Request-Id': requestId });
      expect(response.status).toBe(200);
      expectError(await loginAs(tokens.owner!, tenants.other!.uuid), 403, Messages.notDescendant);
      expectError(await loginAs(tokens.artist!, tenants.child!.uuid), 403, Messages.forbidden);

      const after = await auditRows();
      expect(after).toHaveLength(before.length + 1);
      const row = after.at(-1)!;
      expect(row).toEqual(
        expect.objectContaining({
          action: 'login_as',
          actor_user_id: users.owner!.uuid,
          actor_tenant_id: tenants.label!.uuid,
          actor_role: 'owner',
          target_tenant_id: tenants.child!.uuid,
          session_family_id: claimsOf(response.body.data.access_token).sid,
          request_id: requestId,
        }),
      );
      expect(Math.abs(new Date(row.at).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('every successful login-as of this file has its row, chained ones naming the tenant acted from', async () => {
      const rows = await auditRows();
      // Each row's session exists, is scoped to the target and belongs to the actor.
      for (const row of rows) {
        const sessions = await db.query<{ user_id: string; tenant_id: string }>(
          `select "user_id", "tenant_id" from "gateway"."session" where "family_id" = $1`,
          [row.session_family_id],
        );
        expect(sessions.rows).toEqual([{ user_id: row.actor_user_id, tenant_id: row.target_tenant_id }]);
      }
      expect(rows.some((row) => row.actor_tenant_id === tenants.child!.uuid && row.target_tenant_id === tenants.grandchild!.uuid)).toBe(true);
      expect(rows.every((row) => row.action === 'login_as')).toBe(true);
    });
  });

  describe('the login-as session', () => {
    it('ends with logout, leaving the session it came from alive', async () => {
      const token = (await loginAs(tokens.owner!, tenants.child!.uuid)).body.data.access_token as string;
      expect((await api(token)('/users/me')).status).toBe(200);
      const logout = await api(token)('/auth/logout', { method: 'POST' });
      expect(logout.status).toBe(200);
      expectError(await api(token)('/users/me'), 401, Messages.tokenInvalid);
      expect((await api(tokens.owner!)('/users/me')).status).toBe(200);
    });

    it('a suspended client cannot be entered, and tokens into it stop working until it is unsuspended', async () => {
      const token = (await loginAs(tokens.owner!, tenants.sibling!.uuid)).body.data.access_token as string;
      await platform.adminOk('tenant', 'suspend', '--slug', 'sibling');
      try {
        expectError(await loginAs(tokens.owner!, tenants.sibling!.uuid), 403, Messages.workspaceSuspended);
        expectError(await api(token)('/users/me'), 403, Messages.workspaceSuspended);
        expect((await api(tokens.owner!)('/users/me')).status).toBe(200);
      } finally {
        await platform.adminOk('tenant', 'unsuspend', '--slug', 'sibling');
      }
      expect((await api(token)('/users/me')).status).toBe(200);
    }, ADMIN_TIMEOUT);
  });
});

describe('tokens are bound to their environment', () => {
  let sandbox: TestPlatform;
  const tokens = { production: '', sandbox: '' };

  const setUp = async (platform: TestPlatform, envFlag: string[]) => {
    const run = async (...args: string[]) => {
      const result = await platform.admin(...args, ...envFlag);
      if (result.code !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}`);
    };
    await run('tenant', 'create', '--slug', 'twin', '--name', 'Twin');
    await run('user', 'create', '--tenant', 'twin', '--email', 'owner@twin.example', '--password', PASSWORD, '--role', 'owner');
    const login = await apiRequest(platform.baseUrl, '/auth/login', {
      body: { email: 'owner@twin.example', password: PASSWORD, tenant_slug: 'twin' },
    });
    expect(login.status).toBe(200);
    return login.body.data.access_token as string;
  };

  beforeAll(async () => {
    sandbox = await startPlatform({ environment: 'sandbox', catalogue: false, env: { SV_TOKEN_SECRET: SECRETS.sandbox } });
    [tokens.production, tokens.sandbox] = await Promise.all([setUp(production, []), setUp(sandbox, ['--env', 'sandbox'])]);
  }, 120_000);

  afterAll(async () => {
    await sandbox?.stop();
  });

  const me = (platform: TestPlatform, token: string) => apiRequest(platform.baseUrl, '/v1/users/me', { key: token });

  it('a JWT from production is 401 on the sandbox, and one from the sandbox is 401 on production', async () => {
    expect((await me(production, tokens.production)).status).toBe(200);
    expect((await me(sandbox, tokens.sandbox)).status).toBe(200);
    expectError(await me(sandbox, tokens.production), 401, Messages.tokenInvalid);
    expectError(await me(production, tokens.sandbox), 401, 'Invalid or expired token. Please log in again.');
  });

  it("even naming the other environment's real user, tenant and session, only its own secret and audience pass", async () => {
    const { sub, tenant_id, role, sid } = claimsOf(tokens.sandbox);
    const sign = (secret: string, audience: string) =>
      jwt.sign({ tenant_id, role, sid }, secret, { algorithm: 'HS256', subject: sub, audience, issuer: 'sv-gateway', expiresIn: 600 });
    // The control: the sandbox's own secret and audience are accepted.
    expect((await me(sandbox, sign(SECRETS.sandbox, 'sv:sandbox'))).status).toBe(200);
    expectError(await me(sandbox, sign(SECRETS.production, 'sv:production')), 401, Messages.tokenInvalid);
    expectError(await me(sandbox, sign(SECRETS.production, 'sv:sandbox')), 401, Messages.tokenInvalid);
    expectError(await me(sandbox, sign(SECRETS.sandbox, 'sv:production')), 401, Messages.tokenInvalid);
  });
});
