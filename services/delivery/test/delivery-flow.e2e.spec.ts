import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sampleOf } from '@sv/platform';
import {
  acknowledge,
  eventually,
  scrapeServiceMetrics,
  makeRelease,
  releaseStatus,
  storeFiles,
  submitAndApprove,
  waitForStatus,
} from '@sv/testing';
import { useDeliverySuite } from './support/delivery-suite.ts';

/*
 * The platform's reason to exist, end to end through the gateway: a release is created and
 * filled, sent to three stores (one blocked, one with its own territories), passes QC on real
 * audio, and leaves as valid ERN 4.3 bundles over a real SFTP connection; stores acknowledge it,
 * the release goes live, and a purge takes it down everywhere.
 */
describe('delivery, from approval to takedown', () => {
  const suite = useDeliverySuite('northern', ['release.dsp.*.*', 'release.delivered']);

  it('delivers valid bundles to the unblocked stores, honours overrides, and follows acknowledgements to live and back down', async () => {
    const { releaseId, upc } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Morning Songs', tracks: 2 });
    expect((await suite.api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: ['spotify', 'deezer', 'tidal'] } })).status).toBe(200);
    expect((await suite.api(`/v1/releases/${releaseId}/dsps/tidal`, { method: 'PUT', body: { is_blocked: true } })).status).toBe(200);
    expect((await suite.api(`/v1/releases/${releaseId}/dsps/deezer`, { method: 'PUT', body: { territory_mode: 'exclude', territory_codes: ['US', 'CA'] } })).status).toBe(200);
    await submitAndApprove(suite.api, releaseId, []);

    // QC passes on its own, the release is approved, and both unblocked stores are sent a bundle.
    await waitForStatus(suite.api, releaseId, ['approved']);
    await eventually('both bundles on the SFTP server', async () => {
      const spotify = await storeFiles(suite.world, 'spotify');
      const deezer = await storeFiles(suite.world, 'deezer');
      const complete = (names: string[]) => names.some((name) => /\/BatchComplete_\d+\.xml$/.test(name));
      return complete(spotify) && complete(deezer);
    }, 60_000);
    expect(await storeFiles(suite.world, 'tidal')).toEqual([]);

    for (const slug of ['spotify', 'deezer']) {
      const files = await storeFiles(suite.world, slug);
      const batch = files.find((name) => /\/BatchComplete_\d+\.xml$/.test(name))?.split('/')[0] ?? '';
      expect(files).toEqual(
        expect.arrayContaining([`${batch}/${upc}/${upc}.xml`, `${batch}/${upc}/resources/${upc}.jpg`, `${batch}/BatchComplete_${batch}.xml`]),
      );
      expect(files.filter((name) => name.startsWith(`${batch}/${upc}/resources/`) && name.endsWith('.wav'))).toHaveLength(2);
      expect(files.some((name) => name.endsWith('.uploading'))).toBe(false);
      const xml = await readFile(join(suite.world.sftp.root, slug, batch, upc, `${upc}.xml`), 'utf8');
      expect(suite.validator.validate(xml)).toEqual({ valid: true, errors: [] });
      expect(xml).toContain(`<ICPN>${upc}</ICPN>`);
      expect(xml).toContain('<MessageControlType>LiveMessage</MessageControlType>');
      if (slug === 'deezer') {
        expect(xml).toContain('<ExcludedTerritoryCode>US</ExcludedTerritoryCode>');
        expect(xml).toContain('<ExcludedTerritoryCode>CA</ExcludedTerritoryCode>');
      } else {
        expect(xml).not.toContain('ExcludedTerritoryCode');
      }
    }

    // Per store: delivered, then submitted; nothing for the blocked store.
    await eventually('submitted events for both stores', () =>
      ['spotify', 'deezer'].every((slug) => suite.observer.eventsOf(releaseId).includes(`release.dsp.${slug}.submitted`)),
    );
    for (const slug of ['spotify', 'deezer']) {
      const events = suite.observer.eventsOf(releaseId);
      expect(events.indexOf(`release.dsp.${slug}.delivered`)).toBeGreaterThanOrEqual(0);
      expect(events.indexOf(`release.dsp.${slug}.delivered`)).toBeLessThan(events.indexOf(`release.dsp.${slug}.submitted`));
    }
    expect(suite.observer.eventsOf(releaseId).some((type) => type.startsWith('release.dsp.tidal.'))).toBe(false);

    const sent = await suite.observer.deliveriesOf(releaseId);
    expect(sent.map((delivery) => [delivery.dsp.slug, delivery.kind, delivery.state]).sort()).toEqual([
      ['deezer', 'new', 'sent'],
      ['spotify', 'new', 'sent'],
    ]);
    // The operators' view: two bundles sent, nothing left queued, a consumer keeping up.
    const metrics = await scrapeServiceMetrics(suite.world.platform.delivery!);
    expect(sampleOf(metrics, 'sv_delivery_attempts_total', { kind: 'new', outcome: 'sent' })).toBe(2);
    expect(sampleOf(metrics, 'sv_delivery_attempt_duration_seconds_count', { outcome: 'sent' })).toBe(2);
    expect(sampleOf(metrics, 'sv_delivery_queue_depth', { state: 'queued' })).toBe(0);
    expect(metrics).toMatch(/^sv_jetstream_consumer_pending_messages\{consumer="[^"]+"\} \d+$/m);
    const spotifyMessage = String(sent.find((delivery) => delivery.dsp.slug === 'spotify')?.message_id);
    expect(sent[0]?.files.map((file: { name: string }) => file.name)).toEqual(expect.arrayContaining([`resources/${upc}.jpg`, `${upc}.xml`]));

    // Spotify's acknowledgement: live. The release follows.
    await acknowledge(suite.world, 'spotify', upc, spotifyMessage, 'live');
    await waitForStatus(suite.api, releaseId, ['live']);
    await eventually('the live event', () => suite.observer.eventsOf(releaseId).includes('release.dsp.spotify.live'));
    expect((await suite.api(`/v1/releases/${releaseId}/dsps`, { method: 'POST', body: { dsps: ['spotify'] } })).body.dsps).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug: 'spotify', status: 'live' })]),
    );

    // Purge: takedowns to both stores that received it; once both confirm, the release is taken down.
    const purge = await suite.api(`/v1/releases/${releaseId}/ddex/purge`, { method: 'POST' });
    expect(purge.status).toBe(202);
    expect(purge.body.deliveries.map((delivery: { dsp: string; kind: string }) => [delivery.dsp, delivery.kind]).sort()).toEqual([
      ['deezer', 'takedown'],
      ['spotify', 'takedown'],
    ]);
    await eventually('takedown_submitted for both stores', () =>
      ['spotify', 'deezer'].every((slug) => suite.observer.eventsOf(releaseId).includes(`release.dsp.${slug}.takedown_submitted`)),
    );
    const takedowns = (await suite.observer.deliveriesOf(releaseId)).filter((delivery) => delivery.kind === 'takedown');
    for (const takedown of takedowns) {
      const batchFiles = (await storeFiles(suite.world, takedown.dsp.slug)).filter((name) => name.startsWith(`${takedown.batch_id}/`));
      // A takedown sends its ERN only: the store holds the media already.
      expect(batchFiles).toEqual([`${takedown.batch_id}/${upc}/${upc}.xml`, `${takedown.batch_id}/BatchComplete_${takedown.batch_id}.xml`]);
      const xml = await readFile(join(suite.world.sftp.root, takedown.dsp.slug, takedown.batch_id, upc, `${upc}.xml`), 'utf8');
      expect(suite.validator.validate(xml)).toEqual({ valid: true, errors: [] });
      await acknowledge(suite.world, takedown.dsp.slug, upc, String(takedown.message_id), 'taken_down');
    }
    await waitForStatus(suite.api, releaseId, ['taken_down']);
    const approve = await suite.api(`/v1/releases/${releaseId}/approve`, { method: 'POST' });
    expect(approve.status).toBe(409);
  }, 240_000);

  it.each([
    ['audio', { audio: false }, /Track 1 \("Song 1"\) has no audio file\./],
    ['artwork', { artwork: false }, /The release has no cover artwork\./],
  ])('rejects a release missing its %s, with a reason naming it', async (_what, options, reason) => {
    const { releaseId } = await makeRelease(suite.world, suite.api, suite.artistId, { title: `Incomplete ${_what}`, ...options });
    await submitAndApprove(suite.api, releaseId, ['spotify']);
    const rejected = await waitForStatus(suite.api, releaseId, ['rejected', 'approved']);
    expect(rejected.status).toBe('rejected');
    expect(rejected.rejection_reason).toMatch(reason);
    await eventually('release.rejected is not delivered anywhere', async () => (await releaseStatus(suite.api, releaseId)).status === 'rejected');
    expect(await suite.observer.deliveriesOf(releaseId)).toEqual([]);
  }, 120_000);
});
