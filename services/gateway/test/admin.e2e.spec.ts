import { Messages } from '@sv/contracts';
import { apiRequest, startPlatform, type AdminResult, type TestPlatform } from '@sv/testing';

const DDEX_PARTY_ID = /^PADPIDA[0-9A-Z]{11}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A one-shot admin call starts a process; a busy machine needs more than jest's default 5 s per test. */
const ADMIN_TIMEOUT = 30_000;

/*
 * The one-shot command's own output (one JSON document on stdout and exit 0; `{"error"}` on stderr
 * and exit 1; `--env sandbox`) is checked through its own process where a test says `adminCli`. The
 * other commands run in the platform's one `admin batch` process (`admin`), which gives what the
 * one-shot command prints for the same outcome: both run the same invocation, and a process start
 * per command was most of this file's time.
 */

/** Exactly one JSON document on stdout, exit 0; returns it. */
const expectSuccess = (result: AdminResult): Record<string, any> => {
  if (result.code !== 0) throw new Error(`admin failed (${result.code}): ${result.stderr}`);
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const document = JSON.parse(result.stdout) as Record<string, any>;
  expect(document).toEqual(result.json);
  expect(typeof document).toBe('object');
  return document;
};

/** `{"error": "..."}` on stderr, nothing on stdout, a non-zero exit. */
const expectFailure = (result: AdminResult): string => {
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  const parsed = JSON.parse(result.stderr.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(typeof parsed.error).toBe('string');
  expect((parsed.error as string).length).toBeGreaterThan(0);
  return parsed.error as string;
};

describe('the operator command', () => {
  let production: TestPlatform;
  let sandbox: TestPlatform;
  let label: Record<string, any>;
  let child: Record<string, any>;
  let artistUuid: string;

  beforeAll(async () => {
    // Assigned one by one, so afterAll stops whichever started even if the other failed.
    await Promise.all([
      startPlatform().then((started) => (production = started)),
      startPlatform({ environment: 'sandbox', catalogue: false }).then((started) => (sandbox = started)),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([production?.stop(), sandbox?.stop()]);
  });

  describe('tenants', () => {
    it('tenant create prints {tenant:{uuid,slug,name,parent_uuid,ddex_party_id}}', async () => {
      const document = expectSuccess(await production.adminCli('tenant', 'create', '--slug', 'label', '--name', 'Label Group', '--domain', 'label.example'));
      expect(Object.keys(document)).toEqual(['tenant']);
      label = document.tenant;
      expect(label).toEqual({
        uuid: expect.stringMatching(UUID),
        slug: 'label',
        name: 'Label Group',
        parent_uuid: null,
        ddex_party_id: expect.stringMatching(DDEX_PARTY_ID),
      });
    }, ADMIN_TIMEOUT);

    it('--parent sets parent_uuid, and the child gets its own DDEX party id', async () => {
      const document = expectSuccess(await production.admin('tenant', 'create', '--slug', 'label-child', '--name', 'Child Imprint', '--parent', 'label'));
      child = document.tenant;
      expect(child).toEqual({
        uuid: expect.stringMatching(UUID),
        slug: 'label-child',
        name: 'Child Imprint',
        parent_uuid: label.uuid,
        ddex_party_id: expect.stringMatching(DDEX_PARTY_ID),
      });
      expect(child.uuid).not.toBe(label.uuid);
      expect(child.ddex_party_id).not.toBe(label.ddex_party_id);
    }, ADMIN_TIMEOUT);

    it('tenant suspend and unsuspend print {tenant}', async () => {
      const suspended = expectSuccess(await production.admin('tenant', 'suspend', '--slug', 'label-child'));
      expect(Object.keys(suspended)).toEqual(['tenant']);
      expect(suspended.tenant).toMatchObject({ uuid: child.uuid, slug: 'label-child', status: 'suspended' });
      const restored = expectSuccess(await production.admin('tenant', 'unsuspend', '--slug', 'label-child'));
      expect(Object.keys(restored)).toEqual(['tenant']);
      expect(restored.tenant).toMatchObject({ uuid: child.uuid, slug: 'label-child', status: 'active' });
    }, ADMIN_TIMEOUT);

    it('tenant invoice and invoice-paid print {invoice}', async () => {
      const opened = expectSuccess(await production.admin('tenant', 'invoice', '--slug', 'label', '--days-overdue', '3'));
      expect(Object.keys(opened)).toEqual(['invoice']);
      expect(opened.invoice).toMatchObject({ uuid: expect.stringMatching(UUID), tenant_uuid: label.uuid, status: 'open' });
      const paid = expectSuccess(await production.admin('tenant', 'invoice-paid', '--slug', 'label'));
      expect(Object.keys(paid)).toEqual(['invoice']);
      expect(paid.invoice).toMatchObject({ uuid: opened.invoice.uuid, tenant_uuid: label.uuid, status: 'paid' });
    }, ADMIN_TIMEOUT);

    it('tenant plan prints {plan} with releases_per_year and video_distribution', async () => {
      const document = expectSuccess(
        await production.admin('tenant', 'plan', '--slug', 'label', '--releases-per-year', '4', '--video-distribution', 'true'),
      );
      expect(Object.keys(document)).toEqual(['plan']);
      expect(document.plan).toMatchObject({ releases_per_year: 4, video_distribution: true });
    }, ADMIN_TIMEOUT);
  });

  describe('artists, users and keys', () => {
    it('artist create prints {artist:{uuid,…}} and the artist exists in the catalogue', async () => {
      const document = expectSuccess(await production.admin('artist', 'create', '--tenant', 'label', '--name', 'Night Owls', '--slug', 'night-owls'));
      expect(Object.keys(document)).toEqual(['artist']);
      expect(document.artist).toMatchObject({ uuid: expect.stringMatching(UUID), name: 'Night Owls', slug: 'night-owls' });
      artistUuid = document.artist.uuid;
    }, ADMIN_TIMEOUT);

    it('user create prints {user:{uuid,email,role}}', async () => {
      const document = expectSuccess(
        await production.admin('user', 'create', '--tenant', 'label', '--email', 'owner@label.example', '--password', 'a-long-password', '--role', 'owner'),
      );
      expect(document).toEqual({ user: { uuid: expect.stringMatching(UUID), email: 'owner@label.example', role: 'owner' } });
      expect(JSON.stringify(document)).not.toContain('a-long-password');
    }, ADMIN_TIMEOUT);

    it('user suspend prints {user}', async () => {
      const document = expectSuccess(await production.admin('user', 'suspend', '--tenant', 'label', '--email', 'owner@label.example'));
      expect(Object.keys(document)).toEqual(['user']);
      expect(document.user).toMatchObject({ email: 'owner@label.example', role: 'owner', status: 'suspended' });
    }, ADMIN_TIMEOUT);

    it('key create prints {key, api_key:{uuid,prefix,role,roster,expires_at}}; --roster sets roster; key revoke prints {api_key}', async () => {
      const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const created = expectSuccess(
        await production.admin('key', 'create', '--tenant', 'label', '--role', 'label_admin', '--roster', '--expires-at', expiresAt),
      );
      expect(created).toEqual({
        key: expect.stringMatching(/^svk_\S+$/),
        api_key: expect.objectContaining({
          uuid: expect.stringMatching(UUID),
          prefix: expect.any(String),
          role: 'label_admin',
          roster: true,
          expires_at: expiresAt,
        }),
      });
      const key: string = created.key;
      expect(key.startsWith(created.api_key.prefix)).toBe(true);
      expect(created.api_key.prefix.length).toBeLessThan(key.length);

      // The key works, belongs to the tenant, and sees the artist the command created.
      const me = await apiRequest(production.baseUrl, '/users/me', { key });
      expect(me.status).toBe(200);
      expect(me.body.data.workspace.uuid).toBe(label.uuid);
      expect(me.body.data.api_key).toMatchObject({ uuid: created.api_key.uuid, roster: true, role: 'label_admin' });
      const artist = await apiRequest(production.baseUrl, `/artists/${artistUuid}`, { key });
      expect(artist.status).toBe(200);
      expect(artist.body.artist.slug).toBe('night-owls');

      const revoked = expectSuccess(await production.admin('key', 'revoke', '--key', key));
      expect(Object.keys(revoked)).toEqual(['api_key']);
      expect(revoked.api_key).toMatchObject({ uuid: created.api_key.uuid, prefix: created.api_key.prefix });
      expect(JSON.stringify(revoked)).not.toContain(key);
      const after = await apiRequest(production.baseUrl, '/users/me', { key });
      expect(after.status).toBe(401);
      expect(after.body.error).toBe(Messages.apiKeyInvalid);
    }, ADMIN_TIMEOUT);
  });

  describe('failures', () => {
    it('an unknown command', async () => {
      const error = expectFailure(await production.adminCli('tenant', 'explode', '--slug', 'label'));
      expect(error).toContain('tenant explode');
    }, ADMIN_TIMEOUT);

    it('a duplicate tenant slug', async () => {
      expectFailure(await production.admin('tenant', 'create', '--slug', 'label', '--name', 'Another Label'));
    }, ADMIN_TIMEOUT);

    it('an invalid role', async () => {
      const error = expectFailure(await production.admin('key', 'create', '--tenant', 'label', '--role', 'wizard'));
      expect(error).toContain('role');
    }, ADMIN_TIMEOUT);

    it('a bad email', async () => {
      const error = expectFailure(
        await production.admin('user', 'create', '--tenant', 'label', '--email', 'not-an-email', '--password', 'a-long-password', '--role', 'artist'),
      );
      expect(error).toContain('email');
    }, ADMIN_TIMEOUT);
  });

  describe('--env sandbox', () => {
    it('writes to the sandbox: its tenant and key work on the sandbox gateway only', async () => {
      const tenant = expectSuccess(await sandbox.adminCli('tenant', 'create', '--slug', 'sandbox-only', '--name', 'Sandbox Only', '--env', 'sandbox'));
      const created = expectSuccess(await sandbox.adminCli('key', 'create', '--tenant', 'sandbox-only', '--role', 'owner', '--env', 'sandbox'));
      expect(created.api_key).toMatchObject({ role: 'owner', roster: false, expires_at: null });

      const onSandbox = await apiRequest(sandbox.baseUrl, '/v1/users/me', { key: created.key });
      expect(onSandbox.status).toBe(200);
      expect(onSandbox.body.data.workspace.uuid).toBe(tenant.tenant.uuid);
      expect(onSandbox.headers.get('x-service-env')).toBe('api-sandbox');

      const onProduction = await apiRequest(production.baseUrl, '/v1/users/me', { key: created.key });
      expect(onProduction.status).toBe(401);
      expect(onProduction.body.error).toBe(Messages.apiKeyInvalid);
    }, ADMIN_TIMEOUT);

    it('a tenant created in the sandbox is unknown to production (an unknown tenant fails)', async () => {
      const error = expectFailure(await production.admin('key', 'create', '--tenant', 'sandbox-only', '--role', 'owner'));
      expect(error).toBe(Messages.tenantNotFound);
    }, ADMIN_TIMEOUT);
  });

  describe('batch: one command per line, one reply per line', () => {
    /** Runs `admin batch` with `lines` on stdin; its replies (one JSON line each) and exit code. */
    const batch = async (platform: TestPlatform, lines: string[]): Promise<{ code: number; replies: Record<string, any>[] }> => {
      const { code, stdout } = await platform.adminBatchCli(lines);
      return { code, replies: stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>) };
    };

    it('runs every line in order in one process, later lines seeing earlier ones; exit 0 when all succeed', async () => {
      const { code, replies } = await batch(production, [
        JSON.stringify(['tenant', 'create', '--slug', 'batched', '--name', 'Batched']),
        '',
        JSON.stringify(['key', 'create', '--tenant', 'batched', '--role', 'owner']),
        JSON.stringify(['tenant', 'suspend', '--slug', 'batched']),
      ]);
      expect(code).toBe(0);
      expect(replies).toHaveLength(3);
      expect(replies.every((reply) => reply.ok === true && Array.isArray(reply.warnings))).toBe(true);
      expect(replies[0]!.result.tenant).toMatchObject({ slug: 'batched', name: 'Batched', ddex_party_id: expect.stringMatching(DDEX_PARTY_ID) });
      expect(replies[1]!.result.key).toMatch(/^svk_/);
      const suspended = await apiRequest(production.baseUrl, '/v1/users/me', { key: replies[1]!.result.key });
      expect(suspended.status).toBe(401);
    }, ADMIN_TIMEOUT);

    it('answers a failed or malformed line with {ok:false,error} and goes on; exit 1 when any failed', async () => {
      const { code, replies } = await batch(production, [
        JSON.stringify(['tenant', 'create', '--slug', 'batched', '--name', 'Again']),
        'tenant create --slug not-json',
        JSON.stringify({ args: ['tenant', 'create'] }),
        JSON.stringify(['nothing', 'here']),
        JSON.stringify(['tenant', 'create', '--slug', 'batched-two', '--name', 'Batched Two', '--bogus', 'x']),
        JSON.stringify(['tenant', 'create', '--slug', 'batched-three', '--name', 'Batched Three']),
      ]);
      expect(code).toBe(1);
      expect(replies.map((reply) => reply.ok)).toEqual([false, false, false, false, false, true]);
      expect(replies[1]!.error).toBe('Each line must be a JSON array of the command and its arguments as strings.');
      expect(replies[2]!.error).toBe(replies[1]!.error);
      expect(replies[3]!.error).toMatch(/^Unknown command "nothing here"/);
      expect(replies[4]!.error).toContain('bogus');
      expect(replies[5]!.result.tenant.slug).toBe('batched-three');
    }, ADMIN_TIMEOUT);

    it('takes --env per line: a sandbox line writes to the sandbox database', async () => {
      const { code, replies } = await batch(sandbox, [
        JSON.stringify(['tenant', 'create', '--slug', 'batched-sandbox', '--name', 'Batched Sandbox', '--env', 'sandbox']),
        JSON.stringify(['key', 'create', '--tenant', 'batched-sandbox', '--role', 'owner', '--env', 'sandbox']),
      ]);
      expect(code).toBe(0);
      const onSandbox = await apiRequest(sandbox.baseUrl, '/v1/users/me', { key: replies[1]!.result.key });
      expect(onSandbox.status).toBe(200);
      expect(onSandbox.body.data.workspace.uuid).toBe(replies[0]!.result.tenant.uuid);
    }, ADMIN_TIMEOUT);
  });
});
