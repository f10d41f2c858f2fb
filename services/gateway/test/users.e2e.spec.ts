import { Messages } from '@sv/contracts';
import { apiRequest, startPlatform, type ApiResponse, type RequestOptions, type TestPlatform } from '@sv/testing';

/**
 * The users endpoints through the gateway's HTTP, for API keys and signed-in users alike: the
 * permission table (users.read, users.manage), the rank rule, tenant isolation, self-delete,
 * and what suspending or deleting a user does to its sessions.
 */

const PASSWORD = 'a long enough password';
const COOKIE = 'sv_refresh_token';
/** Each operator call starts a process (about a second); a busy machine needs more than 5 s. */
const ADMIN_TIMEOUT = 30_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const USER_NOT_FOUND = 'User not found.';

const expectError = (response: ApiResponse, status: number, message: string) => {
  expect({ status: response.status, body: response.body }).toEqual({ status, body: { success: false, error: message } });
};
const expectForbidden = (response: ApiResponse) => expectError(response, 403, Messages.forbidden);

describe('users', () => {
  let platform: TestPlatform;
  const keys: Record<string, string> = {};
  const admins: Record<string, { uuid: string; email: string }> = {};
  /** An artist of alpha in the catalogue: a user's artist_id must name one of its tenant's. */
  let alphaArtistId = '';

  const createKey = async (name: string, tenant: string, role: string, ...extra: string[]) => {
    keys[name] = (await platform.adminOk('key', 'create', '--tenant', tenant, '--role', role, ...extra)).key as string;
  };
  const createAdminUser = async (name: string, tenant: string, role: string) => {
    admins[name] = (await platform.adminOk('user', 'create', '--tenant', tenant, '--email', `${name}@${tenant}.example`, '--password', PASSWORD, '--role', role))
      .user as { uuid: string; email: string };
  };

  /** A request as `as` (a key name, or a raw bearer token). */
  const call = (as: string, path: string, options: RequestOptions = {}) =>
    apiRequest(platform.baseUrl, path, { key: keys[as] ?? as, ...options });
  const createUser = (as: string, body: Record<string, unknown>) => call(as, '/users', { method: 'POST', body });
  const patchUser = (as: string, uuid: string, body: Record<string, unknown>) => call(as, `/users/${uuid}`, { method: 'PATCH', body });
  const deleteUser = (as: string, uuid: string) => call(as, `/users/${uuid}`, { method: 'DELETE' });

  const login = (email: string, tenant: string, password = PASSWORD) =>
    apiRequest(platform.baseUrl, '/auth/login', { method: 'POST', body: { email, password, tenant_slug: tenant } });
  const signIn = async (email: string, tenant: string): Promise<{ token: string; cookie: string }> => {
    const response = await login(email, tenant);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE}=`)) ?? '';
    return { token: response.body.data.access_token as string, cookie: cookie.split(';')[0] ?? '' };
  };

  beforeAll(async () => {
    // The 'auth' category allows 5 requests a minute per address; this file signs in more often.
    platform = await startPlatform({ env: { SV_RATE_LIMIT_MULTIPLIER: '20', SV_COOKIE_SECURE: '0' } });
    await Promise.all([
      platform.adminOk('tenant', 'create', '--slug', 'alpha', '--name', 'Alpha Records'),
      platform.adminOk('tenant', 'create', '--slug', 'beta', '--name', 'Beta Music'),
    ]);
    alphaArtistId = String((await platform.adminOk('artist', 'create', '--tenant', 'alpha', '--name', 'Alpha Artist', '--slug', 'alpha-artist')).artist.uuid);
    await Promise.all([
      createKey('owner', 'alpha', 'owner'),
      createKey('labelAdmin', 'alpha', 'label_admin'),
      createKey('team', 'alpha', 'team'),
      createKey('artist', 'alpha', 'artist', '--artist', alphaArtistId),
      createKey('collaborator', 'alpha', 'collaborator'),
      createKey('rosterTeam', 'alpha', 'team', '--roster'),
      createKey('superAdmin', 'alpha', 'super_admin'),
      createKey('betaOwner', 'beta', 'owner'),
      createAdminUser('boss', 'alpha', 'owner'),
      createAdminUser('root', 'alpha', 'super_admin'),
    ]);
  }, 90_000);

  afterAll(async () => {
    await platform?.stop();
  });

  describe('create and read', () => {
    it('an owner key creates a user of its tenant: 201 with the user and never a password or hash', async () => {
      const created = await createUser('owner', { email: 'New.Artist@Alpha.example', password: PASSWORD, role: 'artist', artist_id: alphaArtistId });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        success: true,
        data: {
          uuid: expect.stringMatching(UUID),
          email: 'new.artist@alpha.example',
          role: 'artist',
          artist_id: alphaArtistId,
          status: 'active',
          tenant_uuid: expect.stringMatching(UUID),
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
      expect(created.text).not.toMatch(/password|scrypt/i);

      const read = await call('owner', `/users/${created.body.data.uuid}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
      expect(read.text).not.toMatch(/password|scrypt/i);

      // The new user can sign in with the password it was given.
      expect((await login('new.artist@alpha.example', 'alpha')).status).toBe(200);
    });

    it('an email already live in the tenant, in any case, is 409 "A record with these details already exists."', async () => {
      expect((await createUser('owner', { email: 'twice@alpha.example', password: PASSWORD, role: 'team' })).status).toBe(201);
      const again = await createUser('labelAdmin', { email: 'TWICE@alpha.example', password: PASSWORD, role: 'artist' });
      expectError(again, 409, Messages.duplicateRecord);
      // Another tenant may use the same address.
      expect((await createUser('betaOwner', { email: 'twice@alpha.example', password: PASSWORD, role: 'team' })).status).toBe(201);
    });

    it('validates the body: 422 with per-field messages', async () => {
      const invalid = await createUser('owner', { email: 'not-an-email', password: 'short', role: 'emperor', artist_id: 'x' });
      expect(invalid.status).toBe(422);
      expect(invalid.body.error).toBe(Messages.validationFailed);
      expect(Object.keys(invalid.body.errors).sort()).toEqual(['artist_id', 'email', 'password', 'role']);
      expect(invalid.body.errors.password).toEqual(['The password must be at least 8 characters.']);

      const missing = await createUser('owner', {});
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toMatchObject({
        email: ['The email field is required.'],
        password: ['The password field is required.'],
        role: ['The role field is required.'],
      });
    });

    it('an unknown or malformed uuid is 404 "User not found."', async () => {
      expectError(await call('owner', '/users/00000000-0000-4000-8000-000000000000'), 404, USER_NOT_FOUND);
      expectError(await call('owner', '/users/not-a-uuid'), 404, USER_NOT_FOUND);
      expectError(await patchUser('owner', 'not-a-uuid', { role: 'team' }), 404, USER_NOT_FOUND);
    });
  });

  describe('list', () => {
    it('lists the tenant\'s users ordered by email, with offset meta and a Link while more pages exist', async () => {
      const all = await call('team', '/users?per_page=100');
      expect(all.status).toBe(200);
      expect(all.body.success).toBe(true);
      const emails = (all.body.data as { email: string }[]).map((user) => user.email);
      expect(emails).toEqual([...emails].sort());
      expect(emails).toEqual(expect.arrayContaining(['boss@alpha.example', 'root@alpha.example']));
      expect(all.body.meta).toEqual({ mode: 'offset', total: emails.length, per_page: 100, current_page: 1, last_page: 1 });
      expect(all.headers.get('link')).toBeNull();
      expect(all.text).not.toMatch(/password|scrypt/i);

      const first = await call('owner', '/users?per_page=2');
      expect(first.body.data.map((user: { email: string }) => user.email)).toEqual(emails.slice(0, 2));
      expect(first.body.meta).toMatchObject({ mode: 'offset', total: emails.length, per_page: 2, current_page: 1 });
      expect(first.headers.get('link')).toMatch(/^<[^>]+[?&]page=2[^>]*>; rel="next"$/);
      const second = await call('owner', '/users?per_page=2&page=2');
      expect(second.body.data.map((user: { email: string }) => user.email)).toEqual(emails.slice(2, 4));
    });

    it('walks in cursor mode until has_more is false', async () => {
      const all = (await call('owner', '/users?per_page=100')).body.data.map((user: { uuid: string }) => user.uuid);
      const walked: string[] = [];
      let path = '/users?per_page=2&cursor=';
      for (let pages = 0; pages < 50; pages++) {
        const page = await call('owner', path);
        expect(page.status).toBe(200);
        expect(page.body.meta).toMatchObject({ mode: 'cursor', per_page: 2 });
        walked.push(...page.body.data.map((user: { uuid: string }) => user.uuid));
        if (!page.body.meta.has_more) {
          expect(page.headers.get('link')).toBeNull();
          break;
        }
        expect(page.headers.get('link')).toMatch(/; rel="next"$/);
        path = `/users?per_page=2&cursor=${encodeURIComponent(page.body.meta.next_cursor as string)}`;
      }
      expect(walked).toEqual(all);
    });

    it('never shows another tenant\'s users', async () => {
      const beta = await call('betaOwner', '/users?per_page=100');
      expect(beta.status).toBe(200);
      const emails = beta.body.data.map((user: { email: string }) => user.email);
      expect(emails).not.toContain('boss@alpha.example');
      expect(beta.body.data.every((user: { tenant_uuid: string }) => user.tenant_uuid === beta.body.data[0].tenant_uuid)).toBe(true);
    });

    it('validates the pagination query', async () => {
      const invalid = await call('owner', '/users?per_page=101');
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors.per_page).toEqual(['The per_page may not be greater than 100.']);
    });
  });

  describe('permissions', () => {
    it.each(['team', 'artist', 'collaborator', 'rosterTeam'])('a %s key may not create, change or delete users (403)', async (key) => {
      const target = admins.boss!.uuid;
      expectForbidden(await createUser(key, { email: `by-${key}@alpha.example`, password: PASSWORD, role: 'artist' }));
      expectForbidden(await patchUser(key, target, { role: 'team' }));
      expectForbidden(await deleteUser(key, target));
    });

    it('artist and collaborator keys may not read the users either; team may', async () => {
      expectForbidden(await call('artist', '/users'));
      expectForbidden(await call('collaborator', `/users/${admins.boss!.uuid}`));
      expect((await call('team', `/users/${admins.boss!.uuid}`)).status).toBe(200);
    });

    it('the permission is checked before the record: a refused caller learns nothing about existence', async () => {
      expectForbidden(await deleteUser('team', '00000000-0000-4000-8000-000000000000'));
    });
  });

  describe('the rank rule', () => {
    it('an owner may not create a user above its own role (staff, super_admin) but may create its own tier', async () => {
      for (const role of ['super_admin', 'staff']) {
        expectForbidden(await createUser('owner', { email: `${role}@alpha.example`, password: PASSWORD, role }));
      }
      expect((await createUser('owner', { email: 'peer@alpha.example', password: PASSWORD, role: 'label_admin' })).status).toBe(201);
      expect((await createUser('labelAdmin', { email: 'peer-owner@alpha.example', password: PASSWORD, role: 'owner' })).status).toBe(201);
      expect((await createUser('superAdmin', { email: 'ops@alpha.example', password: PASSWORD, role: 'staff' })).status).toBe(201);
    });

    it('an owner may not raise a user above its own role, nor change or delete a user ranked above it', async () => {
      const user = await createUser('owner', { email: 'climber@alpha.example', password: PASSWORD, role: 'team' });
      expectForbidden(await patchUser('owner', user.body.data.uuid, { role: 'super_admin' }));
      expectForbidden(await patchUser('owner', admins.root!.uuid, { role: 'team' }));
      expectForbidden(await patchUser('owner', admins.root!.uuid, { status: 'suspended' }));
      expectForbidden(await deleteUser('owner', admins.root!.uuid));
      const root = await call('owner', `/users/${admins.root!.uuid}`);
      expect(root.body.data).toMatchObject({ role: 'super_admin', status: 'active' });
      // A super_admin may do it.
      const raised = await patchUser('superAdmin', user.body.data.uuid, { role: 'staff' });
      expect(raised.status).toBe(200);
      expect(raised.body.data.role).toBe('staff');
    });
  });

  describe('update', () => {
    it('changes only the fields sent: role, artist_id, status', async () => {
      const user = (await createUser('owner', { email: 'changing@alpha.example', password: PASSWORD, role: 'team' })).body.data;
      const promoted = await patchUser('owner', user.uuid, { role: 'artist', artist_id: alphaArtistId });
      expect(promoted.status).toBe(200);
      expect(promoted.body.data).toMatchObject({ uuid: user.uuid, email: 'changing@alpha.example', role: 'artist', artist_id: alphaArtistId, status: 'active' });
      const cleared = await patchUser('labelAdmin', user.uuid, { artist_id: null });
      expect(cleared.body.data).toMatchObject({ role: 'artist', artist_id: null });
      expect(Date.parse(cleared.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(user.updated_at));

      const invalid = await patchUser('owner', user.uuid, { status: 'banned', role: 'king' });
      expect(invalid.status).toBe(422);
      expect(Object.keys(invalid.body.errors).sort()).toEqual(['role', 'status']);
    });

    it('a user suspended by PATCH cannot sign in and its live access token is 403; reactivating restores it', async () => {
      const user = (await createUser('owner', { email: 'suspendme@alpha.example', password: PASSWORD, role: 'team' })).body.data;
      const session = await signIn('suspendme@alpha.example', 'alpha');
      expect((await call(session.token, '/users/me')).status).toBe(200);

      const suspended = await patchUser('owner', user.uuid, { status: 'suspended' });
      expect(suspended.status).toBe(200);
      expect(suspended.body.data.status).toBe('suspended');
      expectError(await call(session.token, '/users/me'), 403, Messages.accountSuspended);
      expectError(await call(session.token, '/users'), 403, Messages.accountSuspended);
      expectError(await login('suspendme@alpha.example', 'alpha'), 403, 'This account has been suspended. Contact support.');

      expect((await patchUser('owner', user.uuid, { status: 'active' })).body.data.status).toBe('active');
      expect((await call(session.token, '/users/me')).status).toBe(200);
      expect((await login('suspendme@alpha.example', 'alpha')).status).toBe(200);
    });
  });

  describe('delete', () => {
    it('soft-deletes: 204, then 404; the user\'s access token is 401, its refresh cookie too, and it cannot sign in', async () => {
      const user = (await createUser('owner', { email: 'leaving@alpha.example', password: PASSWORD, role: 'team' })).body.data;
      const session = await signIn('leaving@alpha.example', 'alpha');
      expect((await call(session.token, '/users')).status).toBe(200);

      const deleted = await deleteUser('owner', user.uuid);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');

      expectError(await call('owner', `/users/${user.uuid}`), 404, USER_NOT_FOUND);
      expectError(await deleteUser('owner', user.uuid), 404, USER_NOT_FOUND);
      const list = await call('owner', '/users?per_page=100');
      expect(list.body.data.map((row: { uuid: string }) => row.uuid)).not.toContain(user.uuid);

      expectError(await call(session.token, '/users/me'), 401, Messages.tokenInvalid);
      const refreshed = await apiRequest(platform.baseUrl, '/auth/refresh', { method: 'POST', headers: { cookie: session.cookie } });
      expectError(refreshed, 401, Messages.tokenInvalid);
      expectError(await login('leaving@alpha.example', 'alpha'), 401, Messages.loginInvalid);

      // The address is free again.
      expect((await createUser('owner', { email: 'leaving@alpha.example', password: PASSWORD, role: 'team' })).status).toBe(201);
    });

    it('a signed-in user may not delete (or suspend) its own account: 409', async () => {
      const session = await signIn(admins.boss!.email, 'alpha');
      expectError(await deleteUser(session.token, admins.boss!.uuid), 409, Messages.cannotDeleteSelf);
      expectError(await patchUser(session.token, admins.boss!.uuid, { status: 'suspended' }), 409, 'You cannot suspend your own account.');
      expect((await call(session.token, `/users/${admins.boss!.uuid}`)).body.data.status).toBe('active');
      expect((await call(session.token, '/users/me')).status).toBe(200);
    }, ADMIN_TIMEOUT);

    it('signed-in users manage users like keys of the same role', async () => {
      const session = await signIn(admins.boss!.email, 'alpha');
      const created = await createUser(session.token, { email: 'by-session@alpha.example', password: PASSWORD, role: 'collaborator' });
      expect(created.status).toBe(201);
      expectForbidden(await createUser(session.token, { email: 'by-session-root@alpha.example', password: PASSWORD, role: 'super_admin' }));
      expect((await deleteUser(session.token, created.body.data.uuid)).status).toBe(204);
    });
  });

  describe('tenant isolation', () => {
    it('a user of another tenant is 404 "User not found." to read, change or delete, never 403', async () => {
      const target = admins.boss!.uuid;
      expectError(await call('betaOwner', `/users/${target}`), 404, USER_NOT_FOUND);
      expectError(await patchUser('betaOwner', target, { role: 'team' }), 404, USER_NOT_FOUND);
      expectError(await deleteUser('betaOwner', target), 404, USER_NOT_FOUND);
      expect((await call('owner', `/users/${target}`)).body.data).toMatchObject({ role: 'owner', status: 'active' });
    });
  });

  describe('/users/me', () => {
    it('is still answered by the current-user route, for keys and sessions', async () => {
      const byKey = await call('owner', '/users/me');
      expect(byKey.status).toBe(200);
      expect(byKey.body.data.type).toBe('api_key');
      const session = await signIn(admins.root!.email, 'alpha');
      const bySession = await call(session.token, '/users/me');
      expect(bySession.status).toBe(200);
      expect(bySession.body.data.user).toMatchObject({ uuid: admins.root!.uuid, role: 'super_admin' });
      expect(bySession.text).not.toMatch(/password|scrypt/i);
    });

    it('is not taken for a user identifier by the /users/{uuid} routes', async () => {
      expectError(await call('owner', '/users/me', { method: 'DELETE' }), 404, Messages.endpointNotFound);
    });
  });
});
