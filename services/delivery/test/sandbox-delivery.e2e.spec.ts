import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createErn43Validator } from '@sv/ddex';
import { makeRelease, poll, startDeliveryWorld, storeFiles, submitAndApprove, waitForStatus, type DeliveryWorld } from '@sv/testing';

/*
 * The sandbox builds bundles and advances the queue, but sends nothing anywhere but its own
 * store: even with an SFTP server configured, its bundles land in its own directory, marked as
 * test messages.
 */
describe('delivery in the sandbox', () => {
  let world: DeliveryWorld;

  beforeAll(async () => {
    world = await startDeliveryWorld({}, 'sandbox');
  }, 240_000);

  afterAll(() => world?.stop(), 120_000);

  it('writes TestMessage bundles to its own directory and nothing to the SFTP server', async () => {
    const { api, artistId } = await world.label('sandbox-label');
    const { releaseId, upc } = await makeRelease(world, api, artistId, { title: 'Sandbox' });
    await submitAndApprove(api, releaseId, ['spotify']);
    await waitForStatus(api, releaseId, ['approved']);
    const sent = await poll('the sent delivery', async () => {
      const deliveries = (await api(`/v1/releases/${releaseId}/ddex/deliveries`)).body.deliveries as { state: string; batch_id: string }[];
      return deliveries.find((delivery) => delivery.state === 'sent');
    });
    const ern = join(world.deliveryDir, 'spotify', sent.batch_id, upc, `${upc}.xml`);
    const xml = await readFile(ern, 'utf8');
    expect(xml).toContain('<MessageControlType>TestMessage</MessageControlType>');
    const validator = createErn43Validator();
    try {
      expect(validator.validate(xml)).toEqual({ valid: true, errors: [] });
    } finally {
      validator.dispose();
    }
    expect(await readdir(join(world.deliveryDir, 'spotify', sent.batch_id))).toEqual(expect.arrayContaining([upc, `BatchComplete_${sent.batch_id}.xml`]));
    expect(await storeFiles(world, 'spotify')).toEqual([]);
  }, 180_000);
});
