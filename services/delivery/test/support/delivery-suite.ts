import { createErn43Validator, type Ern43Validator } from '@sv/ddex';
import { observeDeliveries, startDeliveryWorld, type Api, type DeliveryObserver, type DeliveryWorld } from '@sv/testing';

/** What an end-to-end delivery test file works with: one platform, one label watching its events. */
export interface DeliverySuite {
  world: DeliveryWorld;
  observer: DeliveryObserver;
  validator: Ern43Validator;
  api: Api;
  artistId: string;
}

/**
 * Starts the suite before the file's tests and stops it after them. The object is filled in by
 * beforeAll, so read its fields inside hooks and tests only.
 */
export const useDeliverySuite = (label: string, events: string[]): DeliverySuite => {
  const suite = {} as DeliverySuite;
  beforeAll(async () => {
    suite.world = await startDeliveryWorld();
    suite.validator = createErn43Validator();
    ({ api: suite.api, artistId: suite.artistId } = await suite.world.label(label));
    suite.observer = await observeDeliveries(suite.api, events);
  }, 240_000);
  afterAll(async () => {
    suite.validator?.dispose();
    await suite.observer?.close();
    await suite.world?.stop();
  }, 120_000);
  return suite;
};
