import { chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  acknowledge,
  apiClient,
  eventually,
  makeRelease,
  poll,
  storeFiles,
  submitAndApprove,
  waitForStatus,
} from '@sv/testing';
import { useDeliverySuite } from './support/delivery-suite.ts';

/*
 * The delivery routes around the main flow: preview, deliver, redeliver, the refusals the spec
 * names, retries after a failed upload, store rejections, the operator's stage command and
 * updates queued by a configuration change.
 */
describe('delivery commands', () => {
  const suite = useDeliverySuite('southern', ['release.dsp.*.*']);

  const sentTo = (releaseId: string, slug: string, count = 1) =>
    poll(`${count} sent deliveries to ${slug}`, async () => {
      const sent = (await suite.observer.deliveriesOf(releaseId)).filter((delivery) => delivery.dsp.slug === slug && delivery.state === 'sent');
      return sent.length >= count ? sent : undefined;
    }, 60_000);

  it('previews the literal ERN 4.3 message of an attached store, and refuses what it cannot preview', async () => {
    const { releaseId, upc } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Preview' });
    expect((await suite.api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: ['spotify'] } })).status).toBe(200);

    const preview = await suite.api(`/v1/releases/${releaseId}/ddex/preview/spotify.xml`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(preview.text.startsWith('<?xml')).toBe(true);
    expect(suite.validator.validate(preview.text)).toEqual({ valid: true, errors: [] });
    expect(preview.text).toContain(`<ICPN>${upc}</ICPN>`);

    const notAttached = await suite.api(`/v1/releases/${releaseId}/ddex/preview/deezer.xml`);
    expect(notAttached.status).toBe(422);
    expect(notAttached.body.error).toBe("DSP 'deezer' is not attached to this release.");

    const other = await suite.world.label('other-preview');
    expect((await other.api(`/v1/releases/${releaseId}/ddex/preview/spotify.xml`)).status).toBe(404);
  }, 120_000);

  it('refuses deliveries as the spec says: none attached, not attached, blocked, not yet approved', async () => {
    const { releaseId } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Refusals', audio: false, artwork: false });
    const none = await suite.api(`/v1/releases/${releaseId}/ddex/deliver`, { method: 'POST' });
    expect(none.status).toBe(422);
    expect(none.body.error).toBe('No DSPs attached to this release.');
    expect((await suite.api(`/v1/releases/${releaseId}/ddex/purge`, { method: 'POST' })).body.error).toBe('No DSPs attached to this release.');

    expect((await suite.api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: ['spotify', 'tidal'] } })).status).toBe(200);
    expect((await suite.api(`/v1/releases/${releaseId}/dsps/tidal`, { method: 'PUT', body: { is_blocked: true } })).status).toBe(200);
    const blocked = await suite.api(`/v1/releases/${releaseId}/ddex/deliver/tidal`, { method: 'POST' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toBe('Delivery to TIDAL is blocked via per-DSP override (is_blocked=true).');
    const notAttached = await suite.api(`/v1/releases/${releaseId}/ddex/deliver/deezer`, { method: 'POST' });
    expect(notAttached.status).toBe(422);
    expect(notAttached.body.error).toBe("DSP 'deezer' is not attached to this release.");
    const draft = await suite.api(`/v1/releases/${releaseId}/ddex/deliver/spotify`, { method: 'POST' });
    expect(draft.status).toBe(409);
    expect(await suite.observer.deliveriesOf(releaseId)).toEqual([]);

    // Delivery is for the tenant's admins; another tenant's release is not found.
    const team = apiClient(suite.world.platform.baseUrl, String((await suite.world.platform.adminOk('key', 'create', '--tenant', 'southern', '--role', 'team')).key));
    expect((await team(`/v1/releases/${releaseId}/ddex/deliver`, { method: 'POST' })).status).toBe(403);
    const other = await suite.world.label('other-refusals');
    expect((await other.api(`/v1/releases/${releaseId}/ddex/deliver`, { method: 'POST' })).status).toBe(404);
  }, 120_000);

  it('retries a failed upload with backoff, records every attempt, and sends once the store accepts files again', async () => {
    // The store's folder exists but is not writable: every upload is refused until it is fixed.
    const storeDir = join(suite.world.sftp.root, 'qobuz');
    await mkdir(storeDir, { recursive: true });
    await chmod(storeDir, 0o555);
    const { releaseId } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Retry' });
    await submitAndApprove(suite.api, releaseId, ['qobuz']);
    const failing = await poll('two failed attempts', async () => {
      const [delivery] = await suite.observer.deliveriesOf(releaseId);
      return delivery && delivery.attempts.length >= 2 ? delivery : undefined;
    }, 60_000);
    expect(failing.state).toMatch(/^(queued|sending)$/);
    expect(failing.attempts[0]).toEqual(expect.objectContaining({ attempt: 1, outcome: 'failed', error: expect.stringMatching(/permission denied/i) }));

    await chmod(storeDir, 0o777);
    const [sent] = await sentTo(releaseId, 'qobuz');
    expect(sent?.attempts.at(-1)).toEqual(expect.objectContaining({ outcome: 'sent', error: null }));
    expect(sent?.attempts.length).toBeGreaterThanOrEqual(3);
    expect((await storeFiles(suite.world, 'qobuz')).some((name) => /\/BatchComplete_\d+\.xml$/.test(name))).toBe(true);
  }, 120_000);

  it('redelivers the same version byte for byte under the same message id, and an error acknowledgement marks the delivery rejected', async () => {
    const { releaseId, upc } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Again' });
    await submitAndApprove(suite.api, releaseId, ['deezer']);
    const [first] = await sentTo(releaseId, 'deezer');
    const redeliver = await suite.api(`/v1/releases/${releaseId}/ddex/redeliver/deezer`, { method: 'POST' });
    expect(redeliver.status).toBe(202);
    expect(redeliver.body.deliveries).toEqual([expect.objectContaining({ dsp: 'deezer', kind: 'new', state: 'queued' })]);
    const sent = await sentTo(releaseId, 'deezer', 2);
    const [second] = sent.filter((delivery) => delivery.uuid !== first?.uuid);
    expect(second?.message_id).toBe(first?.message_id);
    const ernOf = (batch: string) => readFile(join(suite.world.sftp.root, 'deezer', batch, upc, `${upc}.xml`), 'utf8');
    expect(await ernOf(String(second?.batch_id))).toBe(await ernOf(String(first?.batch_id)));

    await acknowledge(suite.world, 'deezer', upc, String(first?.message_id), 'rejected', 'Artwork contains a URL.');
    await eventually('the rejected stage', () => suite.observer.eventsOf(releaseId).includes('release.dsp.deezer.rejected'));
    const rejected = (await suite.observer.deliveriesOf(releaseId)).find((delivery) => delivery.state === 'rejected');
    expect(rejected?.error).toBe('Rejected by the store: Artwork contains a URL.');
  }, 120_000);

  it('sets a stage with the operator command for a store without acknowledgements, and refuses one never sent', async () => {
    const { releaseId } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Operator' });
    await submitAndApprove(suite.api, releaseId, ['anghami']);
    await sentTo(releaseId, 'anghami');
    const accepted = await suite.world.platform.admin('delivery', 'stage', '--release', releaseId, '--dsp', 'anghami', '--stage', 'accepted');
    expect(accepted.code).toBe(0);
    expect(accepted.json).toEqual({ delivery: { release_id: releaseId, dsp: 'anghami', stage: 'accepted', changed: true } });
    const live = await suite.world.platform.admin('delivery', 'stage', '--release', releaseId, '--dsp', 'anghami', '--stage', 'live');
    expect(live.code).toBe(0);
    await waitForStatus(suite.api, releaseId, ['live']);
    await eventually('accepted then live', () => {
      const events = suite.observer.eventsOf(releaseId);
      return events.indexOf('release.dsp.anghami.accepted') >= 0 && events.indexOf('release.dsp.anghami.accepted') < events.indexOf('release.dsp.anghami.live');
    });

    const never = await suite.world.platform.admin('delivery', 'stage', '--release', releaseId, '--dsp', 'spotify', '--stage', 'live');
    expect(never.code).not.toBe(0);
    expect(never.json.error).toBe('No message has been sent to spotify for this release yet.');
    const badStage = await suite.world.platform.admin('delivery', 'stage', '--release', releaseId, '--dsp', 'anghami', '--stage', 'submitted');
    expect(badStage.code).not.toBe(0);
  }, 120_000);

  it('queues an update when the territories of a delivered release change, and the store receives it', async () => {
    const { releaseId, upc } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Update' });
    await submitAndApprove(suite.api, releaseId, ['boomplay']);
    await sentTo(releaseId, 'boomplay');
    const change = await suite.api(`/v1/supply-chain/releases/${releaseId}/territories`, { method: 'PUT', body: { territory_mode: 'include', territory_codes: ['NG', 'GH', 'KE'] } });
    expect(change.status).toBe(200);
    const update = await poll('the update delivery', async () => (await suite.observer.deliveriesOf(releaseId)).find((delivery) => delivery.kind === 'update' && delivery.state === 'sent'), 60_000);
    await eventually('update_submitted', () => suite.observer.eventsOf(releaseId).includes('release.dsp.boomplay.update_submitted'));
    const xml = await readFile(join(suite.world.sftp.root, 'boomplay', String(update.batch_id), upc, `${upc}.xml`), 'utf8');
    expect(suite.validator.validate(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<TerritoryCode>NG</TerritoryCode>');
    expect(xml).not.toContain('<TerritoryCode>Worldwide</TerritoryCode>');
  }, 120_000);

  it('checks every uploaded file within minutes of its upload and records what it found on the track', async () => {
    const silent = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Quiet', audio: { silent: true }, artwork: false });
    const clean = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Clean', artwork: false });
    const checkOf = (trackId: string) => poll(`the audio check of ${trackId}`, async () => (await suite.api(`/v1/tracks/${trackId}`)).body.track.audio_check);
    const quiet = await checkOf(String(silent.trackIds[0]));
    expect(quiet.problems).toEqual([expect.stringMatching(/the audio is silent/)]);
    expect(quiet.integrated_lufs ?? -70).toBeLessThanOrEqual(-60);
    const fine = await checkOf(String(clean.trackIds[0]));
    expect(fine.problems).toEqual([]);
    expect(fine.integrated_lufs).toBeLessThan(-15);
  }, 120_000);
});
