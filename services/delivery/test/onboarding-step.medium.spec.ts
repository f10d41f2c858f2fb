import { randomUUID } from 'node:crypto';
import { Messages, type EffectiveStoreConfig, type ReleaseSnapshot } from '@sv/contracts';
import { ConflictError } from '@sv/platform';
import { releaseSnapshot, trackSnapshot } from '@sv/testing';
import type { CommandDeps } from '../src/app/queue/delivery-commands.ts';
import { queueDeliveries } from '../src/app/queue/enqueue.ts';
import { runOnboardingStep } from '../src/app/onboarding/onboarding.service.ts';
import { openDeliverySchema, type DeliverySchema } from './support/delivery-schema.ts';
import { deezerStoreConfig } from './support/store-config.ts';

/*
 * The first step of a store's onboarding series, on a real delivery schema: it takes up the new
 * release's delivery that approval queued, and refuses a release the series cannot run on (one
 * track: a track must lose its streaming rights on the way; a store that already received more
 * than the first message) without queueing anything.
 */

let schema: DeliverySchema;
const tenantId = randomUUID();
const spotify: EffectiveStoreConfig = deezerStoreConfig({
  dsp: { dsp_id: 1, slug: 'spotify', name: 'Spotify', ddex_party_id: 'PADPIDA2011072101T', ern_version: '4.3', delivery_method: 'sftp', delivery_type: 'audio' },
});

const depsFor = (release: ReleaseSnapshot): CommandDeps => ({
  catalogue: { snapshot: async () => release, command: async () => 'done' },
  supplyChain: { resolvedConfig: async () => [spotify], overrideStore: async () => { throw new Error('not used by the first step'); } },
});

/** An approved release of `tracks` tracks with Spotify's new-release delivery queued, as approval leaves it. */
const approvedWithDelivery = async (tracks: number) => {
  const release = releaseSnapshot({
    uuid: randomUUID(),
    tenant_id: tenantId,
    status: 'approved',
    tracks: Array.from({ length: tracks }, (_, index) => trackSnapshot({ position: index + 1 })),
  });
  const [queued] = await queueDeliveries(schema.orm.em.fork(), [{ tenantId, releaseId: release.uuid, dsp: spotify.dsp, kind: 'new', reason: 'qc_pass' }]);
  return { release, deliveryId: queued!.id };
};

const deliveriesOf = async (releaseId: string) =>
  (await schema.orm.em.fork().execute<{ kind: string }[]>(`select "kind" from "delivery"."delivery" where "release_id" = ? order by "created_at"`, [releaseId])).map(
    (row) => row.kind,
  );

const firstStep = (release: ReleaseSnapshot) =>
  schema.orm.em.fork().transactional((tx) => runOnboardingStep(tx, depsFor(release), { releaseId: release.uuid, slug: 'Spotify', step: 'new_release', today: '2026-11-28' }));

beforeAll(async () => {
  schema = await openDeliverySchema('svdonboard');
}, 60_000);

afterAll(async () => {
  await schema?.close();
});

describe('the first step of an onboarding series', () => {
  it('takes up the new release delivery approval queued', async () => {
    const { release, deliveryId } = await approvedWithDelivery(2);
    const reply = await firstStep(release);
    expect(reply).toEqual(expect.objectContaining({ step: 'new_release', kind: 'new', dsp: 'spotify', tenant_id: tenantId, release_id: release.uuid, delivery_id: deliveryId }));
    expect(reply.changes).toEqual([{ field: 'message', from: null, to: 'new release, 2 tracks, 1 deal' }]);
    expect(await deliveriesOf(release.uuid)).toEqual(['new']);
  });

  it('refuses a release of one track, and queues nothing', async () => {
    const { release } = await approvedWithDelivery(1);
    const refused = await firstStep(release).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).message).toBe(Messages.onboardingNeedsAlbum);
    expect(await deliveriesOf(release.uuid)).toEqual(['new']);
  });

  it('refuses a release the store has received more than its first message of', async () => {
    const { release } = await approvedWithDelivery(3);
    await queueDeliveries(schema.orm.em.fork(), [{ tenantId, releaseId: release.uuid, dsp: spotify.dsp, kind: 'update', reason: 'config_change' }]);
    const refused = await firstStep(release).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).message).toBe(Messages.onboardingStartsNew('Spotify'));
    expect(await deliveriesOf(release.uuid)).toEqual(['new', 'update']);
  });
});
