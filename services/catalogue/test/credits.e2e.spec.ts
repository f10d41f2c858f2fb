import { Messages } from '@sv/contracts';
import { expectError, expectValidation } from './support/api-expectations.ts';
import { suffix } from './support/catalogue-world.ts';
import { createParty, useCreditsWorld } from './support/credits-world.ts';
import { eventsNaming } from './support/outbox.ts';

/*
 * Writers, publishers and collaborators: the tenant's credit parties, through the real gateway.
 */

const world = useCreditsWorld();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A nine-digit IPI not used before in this run. */
const freshIpi = (): string => String(100_000_000 + Math.floor(Math.random() * 899_999_999));

const create = createParty;

describe('writers', () => {
  it('POST /writers creates a writer with every field, normalised, and answers 201 {writer}', async () => {
    const response = await world.a.owner('/v1/writers', {
      method: 'POST',
      body: {
        name: '  Ada Composer ',
        first_name: 'Ada',
        last_name: 'Composer',
        ipi: '123456789',
        isni: '0000 0001 2103 268x',
        pro: 'ASCAP',
        country: 'us',
      },
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['writer']);
    const writer = response.body.writer;
    expect(writer).toEqual({
      uuid: expect.stringMatching(UUID),
      name: 'Ada Composer',
      first_name: 'Ada',
      last_name: 'Composer',
      ipi: '00123456789',
      isni: '000000012103268X',
      pro: 'ASCAP',
      country: 'US',
      created_at: expect.stringMatching(ISO_UTC),
      updated_at: expect.stringMatching(ISO_UTC),
    });
    const read = await world.a.owner(`/v1/writers/${writer.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ writer });
    expect(await eventsNaming(world.db, 'writer.created', 'uuid', writer.uuid)).toEqual([{ uuid: writer.uuid, name: 'Ada Composer' }]);
  });

  it('only name is required; optional fields read back as null', async () => {
    const writer = await create(world.a.owner, 'writers', { name: 'Solo Name' });
    expect(writer).toMatchObject({ first_name: null, last_name: null, ipi: null, isni: null, pro: null, country: null });
  });

  it('refuses invalid fields with 422 naming each one, and stores nothing', async () => {
    const before = (await world.a.owner('/v1/writers')).body.total;
    expectValidation(await world.a.owner('/v1/writers', { method: 'POST', body: {} }), ['name']);
    const response = await world.a.owner('/v1/writers', {
      method: 'POST',
      body: { name: ' ', ipi: '12345678', isni: '12345', pro: 'x'.repeat(101), country: 'XX', first_name: 7 },
    });
    expectValidation(response, ['name', 'ipi', 'isni', 'pro', 'country', 'first_name']);
    expect(response.body.errors.ipi).toEqual(['The ipi must be an IPI name number of 9 to 11 digits.']);
    expectValidation(await world.a.owner('/v1/writers', { method: 'POST', body: { name: 'N', ipi: '12345678901a' } }), ['ipi']);
    expect((await world.a.owner('/v1/writers')).body.total).toBe(before);
  });

  it('a live writer\'s IPI is unique in the tenant (409); deleting it frees the IPI; other tenants are not affected', async () => {
    const ipi = freshIpi();
    const first = await create(world.a.owner, 'writers', { name: 'First Holder', ipi });
    expectError(await world.a.owner('/v1/writers', { method: 'POST', body: { name: 'Clash', ipi } }), 409, Messages.duplicateRecord);
    // The same IPI written with its leading zeros is the same party.
    expectError(await world.a.owner('/v1/writers', { method: 'POST', body: { name: 'Clash', ipi: `00${ipi}` } }), 409, Messages.duplicateRecord);
    const other = await create(world.a.owner, 'writers', { name: 'Other Holder' });
    expectError(await world.a.owner(`/v1/writers/${other.uuid}`, { method: 'PATCH', body: { ipi } }), 409, Messages.duplicateRecord);
    expect((await world.b.owner('/v1/writers', { method: 'POST', body: { name: 'Tenant B', ipi } })).status).toBe(201);
    expect((await world.a.owner(`/v1/writers/${first.uuid}`, { method: 'DELETE' })).status).toBe(204);
    expect((await world.a.owner(`/v1/writers/${other.uuid}`, { method: 'PATCH', body: { ipi } })).body.writer.ipi).toBe(ipi.padStart(11, '0'));
  });

  it('PATCH and PUT change only the fields sent; null clears an optional field', async () => {
    const writer = await create(world.a.owner, 'writers', { name: 'Before', pro: 'PRS', country: 'GB' });
    const patched = await world.a.owner(`/v1/writers/${writer.uuid}`, { method: 'PATCH', body: { name: 'After', country: null } });
    expect(patched.status).toBe(200);
    expect(patched.body.writer).toMatchObject({ uuid: writer.uuid, name: 'After', pro: 'PRS', country: null });
    const put = await world.a.owner(`/v1/writers/${writer.uuid}`, { method: 'PUT', body: { last_name: 'Surname' } });
    expect(put.body.writer).toMatchObject({ name: 'After', last_name: 'Surname', pro: 'PRS' });
    expect(Date.parse(put.body.writer.updated_at)).toBeGreaterThanOrEqual(Date.parse(writer.updated_at));
    expectValidation(await world.a.owner(`/v1/writers/${writer.uuid}`, { method: 'PATCH', body: { name: '' } }), ['name']);
    expect((await world.a.owner(`/v1/writers/${writer.uuid}`)).body.writer.name).toBe('After');
    expect((await eventsNaming(world.db, 'writer.updated', 'uuid', writer.uuid)).length).toBe(2);
  });

  it('DELETE is a soft delete: 204, then 404 everywhere', async () => {
    const writer = await create(world.a.owner, 'writers', { name: 'Leaving' });
    expect((await world.a.owner(`/v1/writers/${writer.uuid}`, { method: 'DELETE' })).status).toBe(204);
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['PUT', { name: 'x' }], ['DELETE']] as const) {
      expectError(await world.a.owner(`/v1/writers/${writer.uuid}`, { method, body }), 404, 'Writer not found.');
    }
    const row = await world.db.query(`select "deleted_at" from "catalogue"."writer" where "id" = $1`, [writer.uuid]);
    expect(row.rows[0].deleted_at).not.toBeNull();
    expect(await eventsNaming(world.db, 'writer.deleted', 'uuid', writer.uuid)).toHaveLength(1);
  });

  it("another tenant's writer (or a malformed id) is 404 on every route", async () => {
    const writer = await create(world.a.owner, 'writers', { name: 'Private' });
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['PUT', { name: 'x' }], ['DELETE']] as const) {
      expectError(await world.b.owner(`/v1/writers/${writer.uuid}`, { method, body }), 404, 'Writer not found.');
    }
    expectError(await world.a.owner('/v1/writers/not-a-uuid'), 404, 'Writer not found.');
    expect((await world.a.owner(`/v1/writers/${writer.uuid}`)).body.writer.name).toBe('Private');
    const listed = await world.b.owner('/v1/writers?per_page=100');
    expect(listed.body.writers.map((w: { uuid: string }) => w.uuid)).not.toContain(writer.uuid);
  });

  it('every role may manage writers (credits.manage); an artist key sees the tenant\'s writers', async () => {
    const writer = await create(world.a.nova, 'writers', { name: 'By Artist' });
    expect((await world.a.luna(`/v1/writers/${writer.uuid}`)).status).toBe(200);
  });
});

describe('GET /writers (list)', () => {
  it('lists live writers alphabetically, in offset and cursor mode', async () => {
    const tag = suffix();
    const names = [`zeta ${tag}`, `Alpha ${tag}`, `mu ${tag}`, `Beta ${tag}`];
    for (const name of names) await create(world.b.owner, 'writers', { name });
    const gone = await create(world.b.owner, 'writers', { name: `Gamma ${tag}` });
    await world.b.owner(`/v1/writers/${gone.uuid}`, { method: 'DELETE' });

    const all = await world.b.owner('/v1/writers?per_page=100');
    expect(all.status).toBe(200);
    const mine = all.body.writers.filter((w: { name: string }) => w.name.endsWith(tag)).map((w: { name: string }) => w.name);
    expect(mine).toEqual([`Alpha ${tag}`, `Beta ${tag}`, `mu ${tag}`, `zeta ${tag}`]);
    const total = all.body.total;
    expect(all.body.meta).toEqual({ mode: 'offset', total, per_page: 100, current_page: 1, last_page: 1 });

    const page2 = await world.b.owner('/v1/writers?per_page=2&page=2');
    expect(page2.body.writers).toEqual(all.body.writers.slice(2, 4));
    expect(page2.body.meta).toMatchObject({ mode: 'offset', per_page: 2, current_page: 2, last_page: Math.ceil(total / 2) });

    const walked: string[] = [];
    let cursor = '';
    for (let guard = 0; guard < 20; guard++) {
      const page = await world.b.owner(`/v1/writers?per_page=2&cursor=${encodeURIComponent(cursor)}`);
      expect(page.body.meta.mode).toBe('cursor');
      walked.push(...page.body.writers.map((w: { uuid: string }) => w.uuid));
      if (!page.body.meta.has_more) break;
      expect(page.headers.get('link')).toContain('rel="next"');
      cursor = page.body.meta.next_cursor;
    }
    expect(walked).toEqual(all.body.writers.map((w: { uuid: string }) => w.uuid));
    expectValidation(await world.b.owner('/v1/writers?cursor=bogus'), ['cursor']);
    expectValidation(await world.b.owner('/v1/writers?per_page=101'), ['per_page']);
  });
});

describe('publishers', () => {
  it('CRUD: create 201 {publisher}, read, update, soft delete', async () => {
    const ipi = freshIpi();
    const created = await world.a.owner('/v1/publishers', { method: 'POST', body: { name: 'Big Songs Ltd', ipi, pro: 'PRS', country: 'gb' } });
    expect(created.status).toBe(201);
    const publisher = created.body.publisher;
    expect(publisher).toEqual({
      uuid: expect.stringMatching(UUID),
      name: 'Big Songs Ltd',
      ipi: ipi.padStart(11, '0'),
      pro: 'PRS',
      country: 'GB',
      created_at: expect.stringMatching(ISO_UTC),
      updated_at: expect.stringMatching(ISO_UTC),
    });
    expect((await world.a.owner(`/v1/publishers/${publisher.uuid}`)).body).toEqual({ publisher });
    const updated = await world.a.owner(`/v1/publishers/${publisher.uuid}`, { method: 'PUT', body: { name: 'Bigger Songs Ltd' } });
    expect(updated.body.publisher).toMatchObject({ name: 'Bigger Songs Ltd', ipi: ipi.padStart(11, '0') });
    const listed = await world.a.owner('/v1/publishers');
    expect(listed.body.publishers.map((p: { uuid: string }) => p.uuid)).toContain(publisher.uuid);
    expect((await world.a.owner(`/v1/publishers/${publisher.uuid}`, { method: 'DELETE' })).status).toBe(204);
    expectError(await world.a.owner(`/v1/publishers/${publisher.uuid}`), 404, 'Publisher not found.');
    expect(await eventsNaming(world.db, 'publisher.created', 'uuid', publisher.uuid)).toHaveLength(1);
    expect(await eventsNaming(world.db, 'publisher.deleted', 'uuid', publisher.uuid)).toHaveLength(1);
  });

  it('validates (422) and refuses a duplicate live IPI (409)', async () => {
    expectValidation(await world.a.owner('/v1/publishers', { method: 'POST', body: { ipi: 'abc', country: 'ZZ' } }), ['name', 'ipi', 'country']);
    const ipi = freshIpi();
    await create(world.a.owner, 'publishers', { name: 'Holder', ipi });
    expectError(await world.a.owner('/v1/publishers', { method: 'POST', body: { name: 'Clash', ipi } }), 409, Messages.duplicateRecord);
    // Writers and publishers are separate registers: a writer may carry the same number.
    expect((await world.a.owner('/v1/writers', { method: 'POST', body: { name: 'Writer', ipi } })).status).toBe(201);
  });

  it("another tenant's publisher is 404 on every route", async () => {
    const publisher = await create(world.a.owner, 'publishers', { name: 'Private Pub' });
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['PUT', { name: 'x' }], ['DELETE']] as const) {
      expectError(await world.b.owner(`/v1/publishers/${publisher.uuid}`, { method, body }), 404, 'Publisher not found.');
    }
  });
});

describe('collaborators', () => {
  it('CRUD with an artist of the tenant: 201 {collaborator}, read, update, soft delete', async () => {
    const created = await world.a.owner('/v1/collaborators', {
      method: 'POST',
      body: { name: 'Max Producer', email: 'Max@Studio.Example', role: 'producer', artist_id: world.a.novaId },
    });
    expect(created.status).toBe(201);
    const collaborator = created.body.collaborator;
    expect(collaborator).toEqual({
      uuid: expect.stringMatching(UUID),
      name: 'Max Producer',
      email: 'max@studio.example',
      role: 'producer',
      artist_id: world.a.novaId,
      created_at: expect.stringMatching(ISO_UTC),
      updated_at: expect.stringMatching(ISO_UTC),
    });
    expect((await world.a.owner(`/v1/collaborators/${collaborator.uuid}`)).body).toEqual({ collaborator });
    const updated = await world.a.owner(`/v1/collaborators/${collaborator.uuid}`, { method: 'PATCH', body: { role: 'mixer', artist_id: null } });
    expect(updated.body.collaborator).toMatchObject({ role: 'mixer', artist_id: null, email: 'max@studio.example' });
    const listed = await world.a.owner('/v1/collaborators?per_page=100');
    expect(listed.body.collaborators.map((c: { uuid: string }) => c.uuid)).toContain(collaborator.uuid);
    expect((await world.a.owner(`/v1/collaborators/${collaborator.uuid}`, { method: 'DELETE' })).status).toBe(204);
    expectError(await world.a.owner(`/v1/collaborators/${collaborator.uuid}`), 404, 'Collaborator not found.');
  });

  it('refuses a bad email, a missing name and an artist outside the tenant (422)', async () => {
    expectValidation(await world.a.owner('/v1/collaborators', { method: 'POST', body: { email: 'nope' } }), ['name', 'email']);
    const foreign = await world.a.owner('/v1/collaborators', { method: 'POST', body: { name: 'X', artist_id: world.b.artistId } });
    expectValidation(foreign, ['artist_id']);
    expect(foreign.body.errors.artist_id).toEqual([Messages.artistNotInTenant]);
    expectValidation(await world.a.owner('/v1/collaborators', { method: 'POST', body: { name: 'X', artist_id: 'nope' } }), ['artist_id']);
    const collaborator = await create(world.a.owner, 'collaborators', { name: 'Keeps Artist', artist_id: world.a.lunaId });
    expectValidation(
      await world.a.owner(`/v1/collaborators/${collaborator.uuid}`, { method: 'PUT', body: { artist_id: world.b.artistId } }),
      ['artist_id'],
    );
    expect((await world.a.owner(`/v1/collaborators/${collaborator.uuid}`)).body.collaborator.artist_id).toBe(world.a.lunaId);
  });

  it("another tenant's collaborator is 404 on every route", async () => {
    const collaborator = await create(world.a.owner, 'collaborators', { name: 'Private Collab' });
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['PUT', { name: 'x' }], ['DELETE']] as const) {
      expectError(await world.b.owner(`/v1/collaborators/${collaborator.uuid}`, { method, body }), 404, 'Collaborator not found.');
    }
  });
});
