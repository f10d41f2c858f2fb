import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERN_NAMESPACES, type ErnVersion } from '@sv/ddex';
import { eventually, makeRelease, storeFiles, submitAndApprove, waitForStatus } from '@sv/testing';
import { lazyErnValidators, type ErnValidators } from '../src/app/queue/ern-validators.ts';
import { useDeliverySuite } from './support/delivery-suite.ts';
import { readErn } from './support/ern-reading.ts';

/*
 * Each store receives the ERN version its entry in the DSP registry names (supply-chain's
 * effective config carries it to delivery): Spotify 4.3, Gaana 4.2, Napster 3.8.2. The preview
 * is in the store's version too, unless `ern_version` asks for another version.
 */
describe('the ERN version of each store', () => {
  const suite = useDeliverySuite('eastern', ['release.dsp.*.*']);
  let validators: ErnValidators;
  beforeAll(() => {
    validators = lazyErnValidators();
  });
  afterAll(() => validators?.dispose());

  const isrcsOf = async (releaseId: string): Promise<string[]> =>
    (await suite.api(`/v1/releases/${releaseId}/tracks`)).body.tracks.map((track: { isrc: string }) => track.isrc);

  const STORES: readonly (readonly [string, ErnVersion])[] = [
    ['spotify', '4.3'],
    ['gaana', '4.2'],
    ['napster', '3.8.2'],
  ];

  it('delivers to each store the version its registry entry names, valid against that version', async () => {
    const { releaseId, upc } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Three Versions', tracks: 2 });
    await submitAndApprove(suite.api, releaseId, STORES.map(([slug]) => slug));
    await waitForStatus(suite.api, releaseId, ['approved']);
    const batchOf = async (slug: string) => (await storeFiles(suite.world, slug)).find((name) => /^[^/]+\/BatchComplete_[^/]+\.xml$/.test(name))?.split('/')[0];
    await eventually('a complete bundle at every store', async () => (await Promise.all(STORES.map(([slug]) => batchOf(slug)))).every(Boolean), 90_000);
    const isrcs = await isrcsOf(releaseId);
    expect(isrcs).toHaveLength(2);

    for (const [slug, version] of STORES) {
      const batch = String(await batchOf(slug));
      const files = await storeFiles(suite.world, slug);
      expect(files).toEqual(expect.arrayContaining([`${batch}/${upc}/${upc}.xml`, `${batch}/${upc}/resources/${upc}.jpg`, `${batch}/BatchComplete_${batch}.xml`]));
      const xml = await readFile(join(suite.world.sftp.root, slug, batch, upc, `${upc}.xml`), 'utf8');
      expect({ slug, ...readErn(xml) }).toEqual({ slug, namespace: ERN_NAMESPACES[version], upcs: [upc], isrcs });
      expect(validators.of(version).validate(xml)).toMatchObject({ valid: true, errors: [] });
    }
    const sent = await suite.observer.deliveriesOf(releaseId);
    expect(sent.map((delivery) => [delivery.dsp.slug, delivery.state]).sort()).toEqual([
      ['gaana', 'sent'],
      ['napster', 'sent'],
      ['spotify', 'sent'],
    ]);
  }, 240_000);

  it("previews each store in its own ERN version by default, in the version ern_version names when given, and refuses any other ern_version", async () => {
    const { releaseId, upc, trackIds } = await makeRelease(suite.world, suite.api, suite.artistId, { title: 'Preview Versions' });
    expect((await suite.api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: STORES.map(([slug]) => slug) } })).status).toBe(200);
    // The catalogue knows the track's musical work: every version names it by its ISWC.
    expect((await suite.api(`/v1/tracks/${trackIds[0]}`, { method: 'PATCH', body: { iswc: 'T-034.524.680-1' } })).status).toBe(200);
    const workIdOf: Record<ErnVersion, string> = { '4.3': 'WorkId', '4.2': 'WorkId', '3.8.2': 'IndirectSoundRecordingId' };
    const isrcs = await isrcsOf(releaseId);

    const previews: [string, string, ErnVersion][] = [
      ...STORES.map(([slug, version]): [string, string, ErnVersion] => [slug, '', version]),
      ['napster', '?ern_version=4.3', '4.3'],
      ['napster', '?ern_version=4.2', '4.2'],
      ['napster', '?ern_version=3.8.2', '3.8.2'],
      ['spotify', '?ern_version=3.8.2', '3.8.2'],
      ['gaana', '?ern_version=4.3', '4.3'],
    ];
    for (const [slug, query, version] of previews) {
      const preview = await suite.api(`/v1/releases/${releaseId}/ddex/preview/${slug}.xml${query}`);
      expect({ slug, query, status: preview.status }).toEqual({ slug, query, status: 200 });
      expect(preview.headers.get('content-type')).toMatch(/^application\/xml/);
      expect({ slug, query, ...readErn(preview.text) }).toEqual({ slug, query, namespace: ERN_NAMESPACES[version], upcs: [upc], isrcs });
      expect({ slug, query, works: preview.text.match(/<(WorkId|IndirectSoundRecordingId)>\s*<ISWC>[^<]*<\/ISWC>/g)?.map((work) => work.replace(/\s+/g, '')) }).toEqual({
        slug,
        query,
        works: [`<${workIdOf[version]}><ISWC>T0345246801</ISWC>`],
      });
      expect(validators.of(version).validate(preview.text)).toMatchObject({ valid: true, errors: [] });
    }

    for (const query of ['?ern_version=5', '?ern_version=', '?ern_version=382']) {
      const refused = await suite.api(`/v1/releases/${releaseId}/ddex/preview/napster.xml${query}`);
      expect({ query, status: refused.status }).toEqual({ query, status: 422 });
      expect(refused.body.errors).toEqual({ ern_version: ['The ern_version must be one of 4.3, 4.2, 3.8.2.'] });
    }
  }, 120_000);
});
