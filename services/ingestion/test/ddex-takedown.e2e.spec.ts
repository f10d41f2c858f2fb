import { readFileSync } from 'node:fs';
import {
  eventually,
  makeRelease,
  observeDeliveries,
  startDeliveryWorld,
  storeFiles,
  submitAndApprove,
  waitForStatus,
  type Api,
  type DeliveryObserver,
  type DeliveryWorld,
} from '@sv/testing';
import { finishedJob } from './support/ingestion-world.ts';

/*
 * A takedown message for a release that reached stores, end to end: the release is delivered over
 * SFTP, then a PurgeReleaseMessage naming its UPC arrives at /ingestion/ddex, and delivery sends
 * every store that received it a takedown.
 */

const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const purgeMessage = readFileSync(new URL('ern382/dedex_017_purged_release.xml', SAMPLES), 'utf8');

let world: DeliveryWorld;
let api: Api;
let artistId: string;
let observer: DeliveryObserver;

beforeAll(async () => {
  world = await startDeliveryWorld();
  await world.platform.startIngestion({ SV_INGESTION_TICK_MS: '100' });
  ({ api, artistId } = await world.label('purging-label'));
  observer = await observeDeliveries(api, ['release.dsp.*.*']);
}, 240_000);

afterAll(async () => {
  await observer?.close();
  await world?.stop();
}, 120_000);

describe('POST /ingestion/ddex: a takedown of a delivered release', () => {
  it('queues a takedown to every store the release reached, and the job completes naming the release', async () => {
    const { releaseId, upc } = await makeRelease(world, api, artistId, { title: 'Soon Gone', tracks: 1 });
    expect((await api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: ['spotify', 'deezer'] } })).status).toBe(200);
    await submitAndApprove(api, releaseId, []);
    await waitForStatus(api, releaseId, ['approved']);
    await eventually('both bundles on the SFTP server', async () => {
      const complete = (names: string[]) => names.some((name) => /\/BatchComplete_\d+\.xml$/.test(name));
      return complete(await storeFiles(world, 'spotify')) && complete(await storeFiles(world, 'deezer'));
    }, 60_000);
    await eventually('both deliveries sent', async () => (await observer.deliveriesOf(releaseId)).filter((delivery) => delivery.state === 'sent').length === 2, 60_000);

    const purge = purgeMessage.replace(/<ICPN>[^<]+<\/ICPN>/, `<ICPN>${upc}</ICPN>`);
    const response = await api('/v1/ingestion/ddex', { method: 'POST', raw: purge, headers: { 'content-type': 'application/xml' } });
    expect(response.status).toBe(202);
    const job = await finishedJob(api, response.body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'completed', items_done: 1, items_failed: 0, release_ids: [releaseId], validation_errors: {} });
    expect(job.files[0].detected_type).toContain('PurgeReleaseMessage');

    await eventually('a takedown queued to each store', async () => {
      const takedowns = (await observer.deliveriesOf(releaseId)).filter((delivery) => delivery.kind === 'takedown');
      return takedowns.map((delivery) => delivery.dsp.slug).sort().join(',') === 'deezer,spotify';
    }, 60_000);
  }, 240_000);
});
