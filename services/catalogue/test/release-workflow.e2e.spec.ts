import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  Messages,
  RELEASE_APPROVED_SUNSET,
  ReleaseLookupReply,
  ReleaseSnapshotReply,
  ReleaseOperation,
  apiSubject,
  type ParsedServiceReply,
  type Principal,
} from '@sv/contracts';
import { callService } from '@sv/platform';
import { answerWithin, connectTestNats, type ApiResponse } from '@sv/testing';
import { expectError } from './support/api-expectations.ts';
import { useCatalogueWorld, type Api } from './support/catalogue-world.ts';
import { eventsOf as outboxEventsOf } from './support/outbox.ts';
import { postRelease, postTrack } from './support/release-builders.ts';

/*
 * The release state machine end to end: the submit gates (tracks at the catalogue, stores at
 * supply-chain, the plan at the gateway), approve and reject through the gateway, and the
 * delivery service's internal commands over NATS with a system principal, as delivery sends them.
 */

type Release = Record<string, any> & { uuid: string; title: string; status: string; updated_at: string };

const BODY = { title: 'Workflow', type: 'ep', release_date: '2026-06-01', genre: 'Pop' };

const world = useCatalogueWorld({ supplyChain: true });
let nc: NatsConnection;

/** Tenant W (no plan): a roster key for the label, a plain owner key, an artist key. */
const w = { uuid: '', artist: '', label: {} as Api, owner: {} as Api, artistKey: {} as Api };
/** Tenant P with an artist plan of one release a year. */
const p = { artist: '', label: {} as Api, owner: {} as Api, artistKey: {} as Api, collaboratorKey: {} as Api };
/** Tenant X: only for isolation of the internal lookup. */
const x = { uuid: '' };

beforeAll(async () => {
  w.uuid = await world.tenant('wf', 'Workflow Label');
  await world.tenant('wf-plan', 'Plan Label');
  x.uuid = await world.tenant('wf-x', 'Other Label');
  await world.admin('tenant', 'plan', '--slug', 'wf-plan', '--releases-per-year', '1');
  w.artist = await world.artist('wf', 'nova', 'Nova');
  p.artist = await world.artist('wf-plan', 'plan', 'Plan');
  [w.label, w.owner, w.artistKey, p.label, p.owner, p.artistKey, p.collaboratorKey] = await Promise.all([
    world.key('wf', 'owner', '--roster'),
    world.key('wf', 'owner'),
    world.key('wf', 'artist', '--artist', w.artist),
    world.key('wf-plan', 'owner', '--roster'),
    world.key('wf-plan', 'owner'),
    world.key('wf-plan', 'artist', '--artist', p.artist),
    world.key('wf-plan', 'collaborator', '--artist', p.artist),
  ]);
  nc = await connectTestNats();
}, 120_000);

afterAll(() => nc?.close(), 180_000);

/** The latest error a service process logged, to explain a 500 from a setup step. */
const lastServiceError = (): string => {
  const line = [world.platform.catalogue, world.platform.supplyChain].flatMap((service) => service?.logs.filter((entry) => Number(entry.level) >= 50) ?? []).at(-1);
  return line ? `(${String(line.service)}: ${String((line.err as { message?: string } | undefined)?.message ?? line.msg)})` : '';
};

const create = (api: Api, artistId: string, body: Record<string, unknown> = {}): Promise<Release> =>
  postRelease<Release>(api, { ...BODY, artist_id: artistId, ...body });

const addTrack = async (api: Api, releaseId: string, position = 1): Promise<string> =>
  String((await postTrack(api, releaseId, { title: `Track ${position}`, position, explicit: false }, lastServiceError)).uuid);

const addStore = async (api: Api, releaseId: string): Promise<void> => {
  const response = await api(`/v1/releases/${releaseId}/dsps`, { method: 'POST', body: { dsps: ['spotify'] } });
  if (response.status !== 200) throw new Error(`store add failed: ${response.status} ${response.text} ${lastServiceError()}`);
};

/** A draft with a track and a store: everything submit needs. */
const readyDraft = async (api: Api, artistId: string, title = 'Ready'): Promise<Release> => {
  const release = await create(api, artistId, { title });
  await addTrack(api, release.uuid);
  await addStore(api, release.uuid);
  return release;
};

const post = (api: Api, releaseId: string, action: 'submit' | 'approve' | 'reject', body?: unknown) =>
  api<{ release: Release } & Record<string, any>>(`/v1/releases/${releaseId}/${action}`, { method: 'POST', ...(body ? { body } : {}) });

const statusOf = async (api: Api, releaseId: string): Promise<string> =>
  (await api<{ release: Release }>(`/v1/releases/${releaseId}`)).body.release.status;

const systemPrincipal = (tenantId: string, slug: string): Principal => ({
  tenant_id: tenantId,
  tenant_slug: slug,
  role: 'super_admin',
  actor: { type: 'system', id: 'delivery' },
  artist_id: null,
  roster: false,
});

/** An internal command to the catalogue over NATS, as the delivery service sends it. */
const internal = (operation: string, releaseId: string, options: { body?: unknown; principal?: Principal } = {}): Promise<ParsedServiceReply> =>
  callService(
    nc,
    apiSubject(world.platform.subjectPrefix, 'catalogue'),
    { operation, params: { uuid: releaseId }, body: options.body, principal: options.principal ?? systemPrincipal(w.uuid, 'wf') },
    10_000,
  );

/** Events the catalogue recorded for a release (its outbox), in order of commit. */
const eventsOf = (releaseId: string) => outboxEventsOf(world.db, 'release_id', releaseId);
const typesOf = async (releaseId: string): Promise<string[]> => (await eventsOf(releaseId)).map((event) => event.type);

const expectConflict = (response: ApiResponse | ParsedServiceReply, message: string) => expectError(response, 409, message);

const expectGate = (response: ApiResponse, field: string, message: string) => {
  expect({ status: response.status, body: response.body }).toEqual({ status: 422, body: { success: false, error: message, errors: { [field]: [message] } } });
};

describe('POST /releases/{uuid}/submit', () => {
  it('checks its gates in order: a track, a store, a release date; then moves to pending', async () => {
    const release = await create(w.artistKey, w.artist);
    expect((await w.artistKey(`/v1/releases/${release.uuid}`, { method: 'PATCH', body: { release_date: null } })).status).toBe(200);

    expectGate(await post(w.artistKey, release.uuid, 'submit'), 'tracks', 'Please add at least one track before submitting.');
    await addTrack(w.artistKey, release.uuid);
    expectGate(await post(w.artistKey, release.uuid, 'submit'), 'dsps', 'Please select at least one store before submitting.');
    await addStore(w.artistKey, release.uuid);
    expectGate(await post(w.artistKey, release.uuid, 'submit'), 'release_date', 'Please set a release date before submitting.');
    expect(await statusOf(w.artistKey, release.uuid)).toBe('draft');
    expect(await typesOf(release.uuid)).not.toContain('release.submitted');

    await w.artistKey(`/v1/releases/${release.uuid}`, { method: 'PATCH', body: { release_date: '2026-09-01' } });
    const submitted = await post(w.artistKey, release.uuid, 'submit');
    expect(submitted.status).toBe(200);
    expect(submitted.body).toEqual({ message: 'Release submitted for review.', status: 'pending' });
    const read = (await w.artistKey<{ release: Release }>(`/v1/releases/${release.uuid}`)).body.release;
    expect(read.status).toBe('pending');
    expect(read.tracks).toEqual([{ uuid: expect.any(String), title: 'Track 1', position: 1 }]);
    const events = await eventsOf(release.uuid);
    expect(events.at(-1)).toEqual({ type: 'release.submitted', data: { release_id: release.uuid, title: release.title, status: 'pending' } });

    // Rule 1: only draft or rejected releases can be submitted. Rule 4: a pending release can still be edited.
    expectConflict(await post(w.artistKey, release.uuid, 'submit'), 'Only draft or rejected releases can be submitted.');
    const edited = await w.artistKey<{ release: Release }>(`/v1/releases/${release.uuid}`, { method: 'PATCH', body: { label: 'Late Label' } });
    expect(edited.status).toBe(200);
    expect(edited.body.release).toMatchObject({ status: 'pending', label: 'Late Label' });
  });

  it('lets exactly one of two simultaneous submits through', async () => {
    const release = await readyDraft(w.label, w.artist, 'Raced');
    const responses = await Promise.all([post(w.label, release.uuid, 'submit'), post(w.label, release.uuid, 'submit')]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await typesOf(release.uuid)).filter((type) => type === 'release.submitted')).toHaveLength(1);
  });
});

describe('the plan allowance (artist and collaborator keys on a tenant with an artist plan)', () => {
  it('answers 402 once this year’s allowance is used, counting each release once, and never binds owner keys', async () => {
    const first = await readyDraft(p.artistKey, p.artist, 'Plan One');
    const second = await readyDraft(p.artistKey, p.artist, 'Plan Two');
    expect((await post(p.artistKey, first.uuid, 'submit')).status).toBe(200);

    for (const key of [p.artistKey, p.collaboratorKey]) {
      const refused = await post(key, second.uuid, 'submit');
      expect(refused.status).toBe(402);
      expect(refused.body).toEqual({ success: false, error: Messages.planReleaseLimitReached(1) });
    }
    expect(await statusOf(p.owner, second.uuid)).toBe('draft');

    // A rejected release submitted again is still the same one release of the allowance.
    expect((await post(p.owner, first.uuid, 'reject', { reason: 'Fix the cover.' })).status).toBe(200);
    expect((await post(p.artistKey, first.uuid, 'submit')).status).toBe(200);

    // Plan enforcement applies to artist and collaborator keys only.
    expect((await post(p.label, second.uuid, 'submit')).status).toBe(200);
  });
});

describe('approve, reject and the delivery service’s commands', () => {
  it('walks create → track → store → submit → approve → QC pass → live → taken down, refusing what each state forbids', async () => {
    const release = await readyDraft(w.label, w.artist, 'Happy Path');
    const id = release.uuid;
    const approveEarly = await post(w.owner, id, 'approve');
    expectConflict(approveEarly, Messages.approveNotSubmitted);
    expect((await post(w.label, id, 'submit')).status).toBe(200);

    const approved = await post(w.owner, id, 'approve');
    expect(approved.status).toBe(200);
    expect(Object.keys(approved.body)).toEqual(['release']);
    expect(approved.body.release).toMatchObject({ uuid: id, status: 'qc_inspection', tracks: [expect.objectContaining({ position: 1 })] });
    expect((await eventsOf(id)).at(-1)).toEqual({ type: 'release.qc_pending', data: { release_id: id, title: 'Happy Path', status: 'qc_inspection' } });

    // In QC: no second approve (rule 2), no submit (rule 1), no delete (rule 3), no edit (rule 4).
    expectConflict(await post(w.owner, id, 'approve'), 'This release is already in QC inspection.');
    expectConflict(await post(w.label, id, 'submit'), 'Only draft or rejected releases can be submitted.');
    expectConflict(await w.label(`/v1/releases/${id}`, { method: 'DELETE' }), 'Only draft or rejected releases can be deleted.');
    expectConflict(await w.label(`/v1/releases/${id}`, { method: 'PATCH', body: { title: 'Too late' } }), Messages.onlyDraftOrPendingUpdate);

    const passed = await internal(ReleaseOperation.qcPass, id);
    expect(passed.status).toBe(200);
    expect(ReleaseLookupReply.parse(passed.body)).toEqual({ release: { uuid: id, title: 'Happy Path', status: 'approved', artist_id: w.artist, release_date: '2026-06-01' } });
    expect(await statusOf(w.label, id)).toBe('approved');
    const delivered = (await eventsOf(id)).filter((event) => ['release.approved', 'release.delivered'].includes(event.type));
    const approvedStillFires = Date.now() < Date.parse(`${RELEASE_APPROVED_SUNSET}T00:00:00Z`);
    expect(delivered.map((event) => event.type).sort()).toEqual(approvedStillFires ? ['release.approved', 'release.delivered'] : ['release.delivered']);
    for (const event of delivered) expect(event.data).toEqual({ release_id: id, title: 'Happy Path' });

    expectConflict(await post(w.owner, id, 'approve'), 'This release has already been approved and is being delivered.');
    expectConflict(await internal(ReleaseOperation.qcPass, id), Messages.onlyQcInspectionResult);
    expectConflict(await post(w.owner, id, 'reject', { reason: 'Too late' }), Messages.onlyPendingOrQcReject);

    expect((await internal(ReleaseOperation.markLive, id)).status).toBe(200);
    expect(await statusOf(w.label, id)).toBe('live');
    expectConflict(await post(w.owner, id, 'approve'), 'This release has already been approved and is being delivered.');
    expectConflict(await internal(ReleaseOperation.markLive, id), Messages.onlyApprovedGoLive);

    expect((await internal(ReleaseOperation.markTakenDown, id)).status).toBe(200);
    expect(await statusOf(w.label, id)).toBe('taken_down');
    expectConflict(await post(w.owner, id, 'approve'), 'A taken-down release cannot be re-approved.');
    expectConflict(await w.label(`/v1/releases/${id}`, { method: 'DELETE' }), 'Only draft or rejected releases can be deleted.');

    const types = await typesOf(id);
    expect(types.filter((type) => type === 'release.delivered')).toHaveLength(1);
    expect(types.slice(-2)).toEqual(['release.live', 'release.taken_down']);
  });

  it('rejects a pending release or one in QC with a reason, which a later submit clears', async () => {
    const release = await readyDraft(w.label, w.artist, 'To Reject');
    const id = release.uuid;
    expect((await post(w.label, id, 'submit')).status).toBe(200);

    const noReason = await post(w.owner, id, 'reject', {});
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ reason: ['The reason field is required.'] });
    expect((await post(w.owner, id, 'reject', { reason: '   ' })).status).toBe(422);
    expect(await statusOf(w.label, id)).toBe('pending');

    const rejected = await post(w.owner, id, 'reject', { reason: 'The cover is blurry.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.release).toMatchObject({ status: 'rejected', rejection_reason: 'The cover is blurry.' });
    expect((await eventsOf(id)).at(-1)).toEqual({
      type: 'release.rejected',
      data: { release_id: id, title: 'To Reject', reason: 'The cover is blurry.' },
    });
    expectConflict(await post(w.owner, id, 'reject', { reason: 'Again' }), Messages.onlyPendingOrQcReject);
    expectConflict(await post(w.owner, id, 'approve'), Messages.approveNotSubmitted);

    expect((await post(w.label, id, 'submit')).status).toBe(200);
    expect((await w.label<{ release: Release }>(`/v1/releases/${id}`)).body.release).toMatchObject({ status: 'pending', rejection_reason: null });
    expect((await post(w.owner, id, 'approve')).status).toBe(200);
    const inQc = await post(w.owner, id, 'reject', { reason: 'Audio clips.' });
    expect(inQc.body.release).toMatchObject({ status: 'rejected', rejection_reason: 'Audio clips.' });
  });

  it('deletes a rejected release with its tracks (rule 3)', async () => {
    const release = await readyDraft(w.label, w.artist, 'Rejected Then Deleted');
    const trackId = await addTrack(w.label, release.uuid, 2);
    expect((await post(w.label, release.uuid, 'submit')).status).toBe(200);
    expectConflict(await w.label(`/v1/releases/${release.uuid}`, { method: 'DELETE' }), 'Only draft or rejected releases can be deleted.');
    expect((await post(w.owner, release.uuid, 'reject', { reason: 'No.' })).status).toBe(200);
    expect((await w.label(`/v1/releases/${release.uuid}`, { method: 'DELETE' })).status).toBe(204);
    expect((await w.label(`/v1/releases/${release.uuid}`)).status).toBe(404);
    const tracks = await world.db.query(`select "id", "deleted_at" from "catalogue"."track" where "release_id" = $1`, [release.uuid]);
    expect(tracks.rows.map((row) => row.id)).toContain(trackId);
    expect(tracks.rows.every((row) => row.deleted_at !== null)).toBe(true);
  });

  it('keeps approve and reject to the tenant-admin tier (403 for artist keys)', async () => {
    const release = await readyDraft(w.artistKey, w.artist, 'Not Yours To Approve');
    expect((await post(w.artistKey, release.uuid, 'submit')).status).toBe(200);
    for (const response of [await post(w.artistKey, release.uuid, 'approve'), await post(w.artistKey, release.uuid, 'reject', { reason: 'x' })]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, error: Messages.forbidden });
    }
    expect(await statusOf(w.artistKey, release.uuid)).toBe('pending');
  });

  it('takes QC results and store stages only from the platform itself (system actor)', async () => {
    const release = await readyDraft(w.label, w.artist, 'System Only');
    expect((await post(w.label, release.uuid, 'submit')).status).toBe(200);
    expect((await post(w.owner, release.uuid, 'approve')).status).toBe(200);
    const asKey: Principal = { ...systemPrincipal(w.uuid, 'wf'), actor: { type: 'api_key', id: 'k' } };
    for (const operation of [ReleaseOperation.qcPass, ReleaseOperation.qcFail, ReleaseOperation.markLive, ReleaseOperation.markTakenDown]) {
      const refused = await internal(operation, release.uuid, { principal: asKey, body: { reason: 'x' } });
      expect({ operation, status: refused.status }).toEqual({ operation, status: 403 });
    }
    expect(await statusOf(w.label, release.uuid)).toBe('qc_inspection');

    const noReason = await internal(ReleaseOperation.qcFail, release.uuid, { body: {} });
    expect(noReason.status).toBe(422);
    const failed = await internal(ReleaseOperation.qcFail, release.uuid, { body: { reason: 'Silence at the start.' } });
    expect(failed.status).toBe(200);
    expect(ReleaseLookupReply.parse(failed.body).release.status).toBe('rejected');
    // A write made beside the gateway (here, as the delivery service makes it) reaches the gateway's
    // cached reads with the catalogue's change announcement, within the second it is promised in.
    const read = () => w.label<{ release: Release }>(`/v1/releases/${release.uuid}`);
    expect((await answerWithin(1_000, read, (response) => response.body?.release?.rejection_reason !== null)).body.release.rejection_reason).toBe('Silence at the start.');
    expect((await eventsOf(release.uuid)).at(-1)).toEqual({
      type: 'release.rejected',
      data: { release_id: release.uuid, title: 'System Only', reason: 'Silence at the start.' },
    });
  });

  it('answers the internal snapshot: the whole release of one moment, for its tenant only', async () => {
    const release = await create(w.label, w.artist, { title: 'Snapshot', upc: '' });
    const second = await addTrack(w.label, release.uuid, 2);
    const first = await addTrack(w.label, release.uuid, 1);
    expect((await w.label(`/v1/tracks/${first}`, { method: 'PATCH', body: { iswc: 'T-034.524.680-1' } })).status).toBe(200);
    const writer = (await w.label('/v1/writers', { body: { name: 'Ada Writer' } })).body.writer.uuid;
    expect((await w.label(`/v1/tracks/${first}/credits`, { method: 'PUT', body: { writers: [{ writer_id: writer, role: 'composer', share: 100 }] } })).status).toBe(200);
    expect((await w.label(`/v1/releases/${release.uuid}/localizations/ja`, { method: 'PUT', body: { title: '朝の歌' } })).status).toBe(200);
    expect((await w.label(`/v1/releases/${release.uuid}/rights`, { method: 'PUT', body: { rights: [{ type: 'master', holder: 'Workflow Label', share: 100 }] } })).status).toBe(200);

    const reply = await internal(ReleaseOperation.snapshot, release.uuid);
    expect(reply.status).toBe(200);
    const snapshot = ReleaseSnapshotReply.parse(reply.body).release;
    expect(snapshot).toEqual(
      expect.objectContaining({ uuid: release.uuid, tenant_id: w.uuid, status: 'draft', title: 'Snapshot', upc: release.upc, artist: { uuid: w.artist, name: 'Nova' }, artwork: null }),
    );
    expect(snapshot.tracks.map((track) => [track.uuid, track.position, track.audio])).toEqual([
      [first, 1, null],
      [second, 2, null],
    ]);
    expect(snapshot.tracks[0]?.credits).toEqual([{ name: 'Ada Writer', role: 'composer' }]);
    // The ISWC of each track's musical work, when known.
    expect(snapshot.tracks.map((track) => track.iswc)).toEqual(['T0345246801', null]);
    expect(snapshot.localizations).toEqual([{ locale: 'ja', title: '朝の歌', title_version: null, label: null }]);
    expect(snapshot.rights).toEqual([expect.objectContaining({ type: 'master', holder: 'Workflow Label', share: 100, territory_codes: [] })]);

    // Another tenant, or an artist key of another artist, is told it does not exist.
    expect((await internal(ReleaseOperation.snapshot, release.uuid, { principal: systemPrincipal(x.uuid, 'wf-x') })).status).toBe(404);
    const stranger = { ...systemPrincipal(w.uuid, 'wf'), role: 'artist' as const, artist_id: randomUUID(), actor: { type: 'api_key' as const, id: randomUUID() } };
    expect((await internal(ReleaseOperation.snapshot, release.uuid, { principal: stranger })).status).toBe(404);
  });

  it('answers the internal lookup for the principal’s tenant only', async () => {
    const release = await create(w.label, w.artist, { title: 'Looked Up' });
    const found = await internal(ReleaseOperation.lookup, release.uuid);
    expect(found.status).toBe(200);
    expect(ReleaseLookupReply.parse(found.body)).toEqual({ release: { uuid: release.uuid, title: 'Looked Up', status: 'draft', artist_id: w.artist, release_date: '2026-06-01' } });
    const elsewhere = await internal(ReleaseOperation.lookup, release.uuid, { principal: systemPrincipal(x.uuid, 'wf-x') });
    expect({ status: elsewhere.status, body: elsewhere.body }).toEqual({ status: 404, body: { success: false, error: Messages.releaseNotFound } });
    expect((await internal(ReleaseOperation.qcPass, release.uuid, { principal: systemPrincipal(x.uuid, 'wf-x') })).status).toBe(404);
  });
});
