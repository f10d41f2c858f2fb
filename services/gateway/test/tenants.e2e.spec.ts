import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Messages, can } from '@sv/contracts';
import { apiClient, apiRequest, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';
import sharp from 'sharp';

type Api = ReturnType<typeof apiClient>;

const PASSWORD = 'correct horse battery staple';
const CDN_URL = 'http://127.0.0.1:8083';
const MEGABYTE = 1024 * 1024;
const DDEX_PARTY_ID = /^PADPIDA\d{8}[0-9A-Z]{3}$/;
const ADMIN_TIMEOUT = 30_000;

/** A real image (the gateway recognises uploads by their bytes, not by the declared type). */
const imageOf = (format: 'png' | 'jpeg' | 'webp' | 'tiff'): Promise<Buffer> =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 180, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

/** A real PNG, set before the tests. */
let smallPng: Buffer;

/** A PNG of `size` bytes: a real one, then zeros (decoders stop at its end). */
const pngBytes = (size: number): Buffer => {
  const bytes = Buffer.alloc(Math.max(size, smallPng.length));
  smallPng.copy(bytes);
  return bytes;
};

const form = (field: string, bytes: Buffer, type: string, filename = 'image.png'): FormData => {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
};

const expectError = (response: ApiResponse, status: number, message: string) => {
  expect([response.status, response.body?.error]).toEqual([status, message]);
  expect(response.body.success).toBe(false);
};

describe('tenants: clients, domain mapping and white-label assets', () => {
  let platform: TestPlatform;
  const tenants: Record<string, { uuid: string; slug: string; parent_uuid: string | null; ddex_party_id: string }> = {};
  /** Signed-in clients by name: owner, label_admin, team and artist of acme; owner of rival. */
  const as: Record<string, Api> = {};
  let acmeKey: Api;

  const login = async (email: string, tenantSlug: string): Promise<Api> => {
    const response = await apiRequest(platform.baseUrl, '/auth/login', { body: { email, password: PASSWORD, tenant_slug: tenantSlug } });
    expect(response.status).toBe(200);
    return apiClient(platform.baseUrl, response.body.data.access_token);
  };

  beforeAll(async () => {
    smallPng = await imageOf('png');
    // No DNS here (a closed port answers at once): domains are proven by the operator's approval;
    // domain-verification.e2e.spec.ts covers the DNS proof.
    platform = await startPlatform({ catalogue: false, env: { SV_RATE_LIMIT_MULTIPLIER: '20', SV_DNS_RESOLVERS: '127.0.0.1:9' } });
    const [acme, rival] = await Promise.all([
      platform.adminOk('tenant', 'create', '--slug', 'acme', '--name', 'Acme Music'),
      platform.adminOk('tenant', 'create', '--slug', 'rival', '--name', 'Rival Records'),
    ]);
    tenants.acme = acme.tenant;
    tenants.rival = rival.tenant;
    const user = (tenant: string, email: string, role: string) =>
      platform.adminOk('user', 'create', '--tenant', tenant, '--email', email, '--password', PASSWORD, '--role', role);
    const [, , , , , key] = await Promise.all([
      user('acme', 'owner@acme.example', 'owner'),
      user('acme', 'labeladmin@acme.example', 'label_admin'),
      user('acme', 'team@acme.example', 'team'),
      user('acme', 'artist@acme.example', 'artist'),
      user('rival', 'owner@rival.example', 'owner'),
      platform.adminOk('key', 'create', '--tenant', 'acme', '--role', 'owner'),
    ]);
    acmeKey = apiClient(platform.baseUrl, key.key);
    [as.owner, as.labelAdmin, as.team, as.artist, as.rival] = await Promise.all([
      login('owner@acme.example', 'acme'),
      login('labeladmin@acme.example', 'acme'),
      login('team@acme.example', 'acme'),
      login('artist@acme.example', 'acme'),
      login('owner@rival.example', 'rival'),
    ]);
  }, 90_000);

  afterAll(async () => {
    await platform?.stop();
  });

  describe('POST /tenants/clients', () => {
    it('creates a child of the caller tenant with its own well-formed DDEX party id', async () => {
      const response = await as.owner!('/tenants/clients', { body: { name: 'North Client', slug: 'north', domain: 'North.Example.' } });
      expect(response.status).toBe(201);
      expect(response.body.success).toBe(true);
      const child = response.body.data;
      expect(child).toEqual(
        expect.objectContaining({
          uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
          slug: 'north',
          name: 'North Client',
          parent_uuid: tenants.acme!.uuid,
          domain: 'north.example',
          status: 'active',
        }),
      );
      expect(child.ddex_party_id).toMatch(DDEX_PARTY_ID);
      expect(child.ddex_party_id).not.toBe(tenants.acme!.ddex_party_id);
      tenants.north = child;
    });

    it('gives every child a distinct party id, whoever of the admin tier creates it (label_admin, an owner key)', async () => {
      const created = await Promise.all([
        as.labelAdmin!('/tenants/clients', { body: { name: 'South Client', slug: 'south' } }),
        acmeKey('/tenants/clients', { body: { name: 'East Client', slug: 'east' } }),
        acmeKey('/v1/tenants/clients', { body: { name: 'West Client', slug: 'west' } }),
      ]);
      for (const response of created) {
        expect(response.status).toBe(201);
        expect(response.body.data.parent_uuid).toBe(tenants.acme!.uuid);
        expect(response.body.data.domain).toBeNull();
      }
      [tenants.south, tenants.east, tenants.west] = created.map((response) => response.body.data);
      const ids = [tenants.acme, tenants.north, tenants.south, tenants.east, tenants.west].map((tenant) => tenant!.ddex_party_id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(DDEX_PARTY_ID);
    });

    it.each([
      ['no body', {}, ['name', 'slug']],
      ['an empty name', { name: '  ', slug: 'ok-slug' }, ['name']],
      ['a slug with capitals and spaces', { name: 'Bad', slug: 'Bad Slug' }, ['slug']],
      ['a domain with a scheme', { name: 'Bad', slug: 'bad-domain', domain: 'https://bad.example' }, ['domain']],
      ['a bare IP address as domain', { name: 'Bad', slug: 'bad-ip', domain: '127.0.0.1' }, ['domain']],
      ['a single-label domain', { name: 'Bad', slug: 'bad-host', domain: 'localhost' }, ['domain']],
      ['a number as name', { name: 42, slug: 'bad-name' }, ['name']],
    ])('refuses %s with 422 and per-field errors', async (_label, body, fields) => {
      const response = await as.owner!('/tenants/clients', { body });
      expectError(response, 422, Messages.validationFailed);
      expect(Object.keys(response.body.errors).sort()).toEqual(fields);
    });

    it('refuses a slug already taken by any tenant with 409 "Slug already taken."', async () => {
      for (const slug of ['north', 'rival', 'acme']) {
        expectError(await as.owner!('/tenants/clients', { body: { name: 'Clash', slug } }), 409, 'Slug already taken.');
      }
    });

    it('refuses a domain another tenant has verified with 409 (a pending claim does not hold it)', async () => {
      await platform.adminOk('tenant', 'domain-approve', '--slug', 'north', '--domain', 'north.example');
      const response = await as.owner!('/tenants/clients', { body: { name: 'Clash', slug: 'clash', domain: 'north.example' } });
      expectError(response, 409, Messages.duplicateRecord);
    }, ADMIN_TIMEOUT);

    it('honours Idempotency-Key: a replay creates nothing more', async () => {
      const key = `clients-${randomUUID()}`;
      const body = { name: 'Keyed Client', slug: 'keyed' };
      const first = await as.owner!('/tenants/clients', { body, headers: { 'idempotency-key': key } });
      const replay = await as.owner!('/tenants/clients', { body, headers: { 'idempotency-key': key } });
      expect(first.status).toBe(201);
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers.get('x-service-idempotent-replay')).toBe('true');
      const other = await as.owner!('/tenants/clients', { body: { ...body, name: 'Changed' }, headers: { 'idempotency-key': key } });
      expectError(other, 422, Messages.idempotencyBodyMismatch);
      tenants.keyed = first.body.data;
    });

    it.each([
      ['team', () => as.team!],
      ['artist', () => as.artist!],
    ])('is 403 for the %s role, and creates nothing', async (_role, api) => {
      const response = await api()('/tenants/clients', { body: { name: 'Nope', slug: 'nope' } });
      expectError(response, 403, 'You do not have permission to perform this action.');
      const list = await as.owner!('/tenants/clients?per_page=100');
      expect(list.body.data.map((tenant: { slug: string }) => tenant.slug)).not.toContain('nope');
    });
  });

  describe('reading clients', () => {
    beforeAll(async () => {
      // A grandchild of acme (a child of north), and a child of rival.
      const [grandchild, rivalChild] = await Promise.all([
        platform.adminOk('tenant', 'create', '--slug', 'north-grand', '--name', 'North Grandchild', '--parent', 'north'),
        platform.adminOk('tenant', 'create', '--slug', 'rival-child', '--name', 'Rival Child', '--parent', 'rival'),
      ]);
      tenants.grandchild = grandchild.tenant;
      tenants.rivalChild = rivalChild.tenant;
    }, ADMIN_TIMEOUT);

    it('GET /tenants/clients lists the direct children only, by slug, with offset meta', async () => {
      const response = await as.owner!('/tenants/clients');
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.data.map((tenant: { slug: string }) => tenant.slug)).toEqual(['east', 'keyed', 'north', 'south', 'west']);
      expect(response.body.meta).toEqual({ mode: 'offset', total: 5, per_page: 50, current_page: 1, last_page: 1 });
      expect(response.headers.get('link')).toBeNull();
      for (const child of response.body.data) expect(child.parent_uuid).toBe(tenants.acme!.uuid);
    });

    it('pages in offset mode with a Link to the next page', async () => {
      const first = await as.labelAdmin!('/tenants/clients?per_page=2');
      expect(first.body.data.map((tenant: { slug: string }) => tenant.slug)).toEqual(['east', 'keyed']);
      expect(first.body.meta).toEqual({ mode: 'offset', total: 5, per_page: 2, current_page: 1, last_page: 3 });
      expect(first.headers.get('link')).toMatch(/[?&]page=2.*>; rel="next"$/);
      const last = await as.labelAdmin!('/v1/tenants/clients?per_page=2&page=3');
      expect(last.body.data.map((tenant: { slug: string }) => tenant.slug)).toEqual(['west']);
      expect(last.headers.get('link')).toBeNull();
    });

    it('walks in cursor mode until has_more is false', async () => {
      const seen: string[] = [];
      let cursor = '';
      for (let guard = 0; guard < 10; guard++) {
        const page = await as.owner!(`/tenants/clients?per_page=2&cursor=${encodeURIComponent(cursor)}`);
        expect(page.status).toBe(200);
        expect(page.body.meta.mode).toBe('cursor');
        seen.push(...page.body.data.map((tenant: { slug: string }) => tenant.slug));
        if (!page.body.meta.has_more) {
          expect(page.headers.get('link')).toBeNull();
          break;
        }
        expect(page.headers.get('link')).toContain('rel="next"');
        cursor = page.body.meta.next_cursor;
      }
      expect(seen).toEqual(['east', 'keyed', 'north', 'south', 'west']);
      expectError(await as.owner!('/tenants/clients?cursor=not-a-cursor'), 422, Messages.validationFailed);
      expectError(await as.owner!('/tenants/clients?per_page=101'), 422, Messages.validationFailed);
    });

    it('GET /tenants/clients/{uuid} reads a child and a grandchild', async () => {
      const child = await as.owner!(`/tenants/clients/${tenants.north!.uuid}`);
      expect(child.status).toBe(200);
      expect(child.body.data).toEqual(expect.objectContaining({ uuid: tenants.north!.uuid, slug: 'north', parent_uuid: tenants.acme!.uuid }));
      const grandchild = await as.owner!(`/tenants/clients/${tenants.grandchild!.uuid}`);
      expect(grandchild.status).toBe(200);
      expect(grandchild.body.data).toEqual(expect.objectContaining({ slug: 'north-grand', parent_uuid: tenants.north!.uuid }));
      expect(grandchild.body.data.ddex_party_id).toMatch(DDEX_PARTY_ID);
    });

    it('a tenant outside the caller subtree is 404 "Tenant not found." (itself, another tree, unknown, malformed)', async () => {
      for (const uuid of [tenants.acme!.uuid, tenants.rival!.uuid, tenants.rivalChild!.uuid, randomUUID(), 'not-a-uuid']) {
        expectError(await as.owner!(`/tenants/clients/${uuid}`), 404, 'Tenant not found.');
      }
    });

    it("a user of tenant A never sees tenant B's clients", async () => {
      const list = await as.rival!('/tenants/clients');
      expect(list.status).toBe(200);
      expect(list.body.data.map((tenant: { slug: string }) => tenant.slug)).toEqual(['rival-child']);
      for (const uuid of [tenants.north!.uuid, tenants.grandchild!.uuid, tenants.acme!.uuid]) {
        expectError(await as.rival!(`/tenants/clients/${uuid}`), 404, Messages.tenantNotFound);
      }
    });

    it('reading clients is 403 for team and artist users', async () => {
      for (const api of [as.team!, as.artist!]) {
        expectError(await api('/tenants/clients'), 403, Messages.forbidden);
        expectError(await api(`/tenants/clients/${tenants.north!.uuid}`), 403, Messages.forbidden);
      }
    });

    it('the permission table decides, and staff is in the admin tier', () => {
      expect(can({ role: 'owner', roster: false }, 'tenants.manage_clients')).toBe(true);
      expect(can({ role: 'label_admin', roster: false }, 'tenants.manage_clients')).toBe(true);
      expect(can({ role: 'super_admin', roster: false }, 'tenants.manage_clients')).toBe(true);
      expect(can({ role: 'team', roster: false }, 'tenants.manage_clients')).toBe(false);
      expect(can({ role: 'artist', roster: true }, 'tenants.manage_clients')).toBe(false);
    });
  });

  describe('domain mapping', () => {
    const loginByDomain = (headers: Record<string, string>, email = 'owner@acme.example') =>
      apiRequest(platform.baseUrl, '/auth/login', { body: { email, password: PASSWORD }, headers });

    it('PUT /tenants/domain claims the caller tenant domain (normalised); once verified, login resolves it from X-Tenant-Domain', async () => {
      const response = await as.owner!('/tenants/domain', { method: 'PUT', body: { domain: ' Music.Acme.Example. ' } });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual(expect.objectContaining({ uuid: tenants.acme!.uuid, domain: 'music.acme.example', domain_status: 'pending' }));
      expectError(await loginByDomain({ 'X-Tenant-Domain': 'music.acme.example' }), 404, Messages.tenantNotFound);
      await platform.adminOk('tenant', 'domain-approve', '--slug', 'acme', '--domain', 'music.acme.example');

      const login = await loginByDomain({ 'X-Tenant-Domain': 'MUSIC.acme.example' });
      expect(login.status).toBe(200);
      const me = await apiRequest(platform.baseUrl, '/users/me', { key: login.body.data.access_token });
      expect(me.body.data.workspace.uuid).toBe(tenants.acme!.uuid);
      // The domain names the tenant: a user of another tenant is not found there.
      expectError(await loginByDomain({ 'X-Tenant-Domain': 'music.acme.example' }, 'owner@rival.example'), 401, Messages.loginInvalid);
    }, ADMIN_TIMEOUT);

    it('an unknown X-Tenant-Domain is 404 "Tenant not found."', async () => {
      expectError(await loginByDomain({ 'X-Tenant-Domain': 'nobody.example' }), 404, 'Tenant not found.');
    });

    it('with neither tenant_slug nor X-Tenant-Domain, an unmapped host is 422', async () => {
      const response = await loginByDomain({});
      expectError(response, 422, 'Unable to resolve tenant. Check your domain configuration.');
    });

    it('a domain another tenant verified is 409; the holder keeps it', async () => {
      const response = await as.rival!('/tenants/domain', { method: 'PUT', body: { domain: 'music.acme.example' } });
      expectError(response, 409, 'A record with these details already exists.');
      expectError(await as.rival!('/tenants/domain', { method: 'PUT', body: { domain: 'north.example' } }), 409, Messages.duplicateRecord);
      expect((await loginByDomain({ 'X-Tenant-Domain': 'music.acme.example' })).status).toBe(200);
    });

    it('validates the body (422) and refuses roles outside the admin tier (403)', async () => {
      for (const body of [{}, { domain: 'http://x.example/path' }, { domain: 'acme.example:8443' }, { domain: 12 }]) {
        const response = await as.owner!('/tenants/domain', { method: 'PUT', body });
        expectError(response, 422, Messages.validationFailed);
        expect(Object.keys(response.body.errors)).toEqual(['domain']);
      }
      expectError(await as.team!('/tenants/domain', { method: 'PUT', body: { domain: 'team.example' } }), 403, Messages.forbidden);
    });

    it('null clears the mapping, after which the domain no longer resolves', async () => {
      const cleared = await as.labelAdmin!('/tenants/domain', { method: 'PUT', body: { domain: null } });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data.domain).toBeNull();
      expectError(await loginByDomain({ 'X-Tenant-Domain': 'music.acme.example' }), 404, Messages.tenantNotFound);
      // Now free for another tenant to claim and prove.
      const taken = await as.rival!('/tenants/domain', { method: 'PUT', body: { domain: 'music.acme.example' } });
      expect(taken.status).toBe(200);
      await platform.adminOk('tenant', 'domain-approve', '--slug', 'rival', '--domain', 'music.acme.example');
      const rivalLogin = await loginByDomain({ 'X-Tenant-Domain': 'music.acme.example' }, 'owner@rival.example');
      expect(rivalLogin.status).toBe(200);
    }, ADMIN_TIMEOUT);
  });

  describe('white-label logo and favicon', () => {
    const upload = (api: Api, asset: string, body: FormData) => api(`/tenants/whitelabel/${asset}`, { method: 'POST', raw: body });
    const storedFile = (url: string) => readFile(join(platform.env.SV_BLOB_DIR ?? '', url.slice(CDN_URL.length + 1)));

    it('starts empty', async () => {
      const response = await as.owner!('/tenants/whitelabel');
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual(expect.objectContaining({ tenant_uuid: tenants.acme!.uuid, logo_url: null, favicon_url: null }));
    });

    it.each([
      ['logo', 'png', '.png'],
      ['favicon', 'webp', '.webp'],
      ['logo', 'jpeg', '.jpg'],
      ['favicon', 'tiff', '.png'],
    ] as const)('stores a %s sent as %s on the CDN and GET /tenants/whitelabel returns it', async (asset, format, extension) => {
      const bytes = await imageOf(format);
      // Declared as anything: the bytes decide the type, and the stored file is a re-encoding of it.
      const response = await upload(as.owner!, asset, form(asset, bytes, 'application/octet-stream', 'upload.bin'));
      expect(response.status).toBe(200);
      const url = response.body.data[`${asset}_url`] as string;
      expect(url).toMatch(new RegExp(`^${CDN_URL}/${tenants.acme!.uuid}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\${extension}$`));
      expect(await sharp(await storedFile(url)).metadata()).toMatchObject({ width: 64, height: 64 });
      const read = await as.team!('/tenants/whitelabel');
      expect(read.status).toBe(200);
      expect(read.body.data[`${asset}_url`]).toBe(url);
    });

    it('an image over 20 MB is 413 with the spec message, and the stored logo is unchanged', async () => {
      const before = (await as.owner!('/tenants/whitelabel')).body.data;
      const response = await upload(as.owner!, 'logo', form('logo', pngBytes(20 * MEGABYTE + 1), 'image/png'));
      expectError(response, 413, 'File exceeds the maximum allowed size of 20 MB.');
      expect((await as.owner!('/tenants/whitelabel')).body.data).toEqual(before);
    });

    it('a file whose bytes show no format at all is 422 on its field (an unreadable image)', async () => {
      // SVG is text: its bytes show no type.
      const response = await upload(as.owner!, 'favicon', form('favicon', Buffer.from('<svg/>'), 'image/svg+xml', 'icon.svg'));
      expectError(response, 422, Messages.validationFailed);
      expect(response.body.errors).toEqual({ favicon: [Messages.imageUnreadable] });
      const text = await upload(as.owner!, 'logo', form('logo', Buffer.from('hello'), 'image/png', 'logo.png'));
      expectError(text, 422, Messages.validationFailed);
      expect(text.body.errors).toEqual({ logo: [Messages.imageUnreadable] });
    });

    it('a recognisable type other than an image we take is 415 with the spec message, naming it', async () => {
      const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } }).gif().toBuffer();
      const response = await upload(as.owner!, 'logo', form('logo', gif, 'image/png', 'logo.png'));
      expectError(response, 415, "File type 'image/gif' is not allowed for image uploads.");
    });

    it('a body without the field is 422', async () => {
      const response = await upload(as.owner!, 'logo', form('favicon', pngBytes(100), 'image/png'));
      expectError(response, 422, Messages.validationFailed);
      expect(Object.keys(response.body.errors)).toEqual(['logo']);
    });

    it('is 403 for a team user (nothing stored) and per tenant: another tenant sees only its own', async () => {
      const before = (await as.owner!('/tenants/whitelabel')).body.data;
      expectError(await upload(as.team!, 'logo', form('logo', pngBytes(100), 'image/png')), 403, Messages.forbidden);
      expect((await as.owner!('/tenants/whitelabel')).body.data).toEqual(before);
      const rival = await as.rival!('/tenants/whitelabel');
      expect(rival.body.data).toEqual(expect.objectContaining({ tenant_uuid: tenants.rival!.uuid, logo_url: null, favicon_url: null }));
    });
  });
});
