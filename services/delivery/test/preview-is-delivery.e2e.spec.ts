import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERN_NAMESPACES, type ErnVersion } from '@sv/ddex';
import { makeRelease, poll, submitAndApprove } from '@sv/testing';
import { useDeliverySuite } from './support/delivery-suite.ts';
import { readErn } from './support/ern-reading.ts';

/*
 * GET /releases/{uuid}/ddex/preview/{dsp_slug}.xml shows what the store would receive: each store's
 * preview is compared with the ERN the delivery of the same release state wrote to that store's
 * SFTP folder, byte for byte once the two values that name one message (its MessageId and creation
 * time) are set aside. The stores take three ERN versions, one with its own territories.
 */
describe('a DDEX preview is the message a delivery sends', () => {
  const suite = useDeliverySuite('mirror', ['release.dsp.*.*']);

  const STORES: readonly (readonly [string, ErnVersion])[] = [
    ['spotify', '4.3'],
    ['gaana', '4.2'],
    ['napster', '3.8.2'],
  ];

  /** The message with the two values that differ between any two messages replaced by placeholders; each must occur once. */
  const withoutIdentity = (xml: string): string => {
    for (const element of ['MessageId', 'MessageCreatedDateTime']) {
      expect({ element, count: xml.split(`<${element}>`).length - 1 }).toEqual({ element, count: 1 });
    }
    return xml.replace(/<MessageId>[^<]*<\/MessageId>/, '<MessageId>ID</MessageId>').replace(/<MessageCreatedDateTime>[^<]*<\/MessageCreatedDateTime>/, '<MessageCreatedDateTime>T</MessageCreatedDateTime>');
  };

  const previewsOf = async (releaseId: string): Promise<Map<string, string>> => {
    const previews = new Map<string, string>();
    for (const [slug, version] of STORES) {
      const preview = await suite.api(`/v1/releases/${releaseId}/ddex/preview/${slug}.xml`);
      expect({ slug, status: preview.status }).toEqual({ slug, status: 200 });
      expect({ slug, namespace: readErn(preview.text).namespace }).toEqual({ slug, namespace: ERN_NAMESPACES[version] });
      previews.set(slug, preview.text);
    }
    return previews;
  };

  /** Waits for a sent delivery of `kind` to every store and reads the ERN each wrote to the store. */
  const deliveredErns = async (releaseId: string, upc: string, kind: 'new' | 'update'): Promise<Map<string, string>> => {
    const sent = await poll(`a sent ${kind} delivery to every store`, async () => {
      const deliveries = (await suite.observer.deliveriesOf(releaseId)).filter((delivery) => delivery.kind === kind && delivery.state === 'sent');
      return deliveries.length === STORES.length ? deliveries : undefined;
    }, 120_000);
    const erns = new Map<string, string>();
    for (const delivery of sent) {
      const xml = await readFile(join(suite.world.sftp.root, delivery.dsp.slug, delivery.batch_id, upc, `${upc}.xml`), 'utf8');
      expect(xml).toContain(`<MessageId>${delivery.message_id}</MessageId>`);
      erns.set(delivery.dsp.slug, xml);
    }
    return erns;
  };

  it("previews each store's first message and then its update exactly as they are delivered", async () => {
    const { releaseId, upc } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Mirror Image', tracks: 2, type: 'album' });
    expect((await suite.api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: STORES.map(([slug]) => slug) } })).status).toBe(200);
    const override = await suite.api(`/v1/releases/${releaseId}/dsps/gaana`, { method: 'PUT', body: { territory_mode: 'exclude', territory_codes: ['US', 'CA'] } });
    expect(override.status).toBe(200);

    const firstPreviews = await previewsOf(releaseId);
    await submitAndApprove(suite.api, releaseId, []);
    const firstDelivered = await deliveredErns(releaseId, upc, 'new');
    for (const [slug] of STORES) {
      expect({ slug, ern: withoutIdentity(String(firstPreviews.get(slug))) }).toEqual({ slug, ern: withoutIdentity(String(firstDelivered.get(slug))) });
    }
    expect(firstPreviews.get('napster')).toContain('<UpdateIndicator>OriginalMessage</UpdateIndicator>');

    // Every store holds the release now, so what it would receive next is an update.
    const updatePreviews = await previewsOf(releaseId);
    expect(updatePreviews.get('napster')).toContain('<UpdateIndicator>UpdateMessage</UpdateIndicator>');
    expect((await suite.api(`/v1/releases/${releaseId}/ddex/deliver`, { method: 'POST' })).status).toBe(202);
    const updates = await deliveredErns(releaseId, upc, 'update');
    for (const [slug] of STORES) {
      expect({ slug, ern: withoutIdentity(String(updatePreviews.get(slug))) }).toEqual({ slug, ern: withoutIdentity(String(updates.get(slug))) });
    }
  }, 300_000);
});
