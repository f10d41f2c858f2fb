import { readFileSync } from 'node:fs';
import { repeatedResourceReference } from '@sv/ddex';
import { planDdex } from '../src/app/ddex/ddex-plan.ts';

/*
 * The Audius ERN 3.8.2 album fixture, as a store-facing processor sends it, lists its recording A1
 * twice in the release's ReleaseResourceReferenceList. It is planned as one release with one track
 * (two tracks with one ISRC are refused by the catalogue), the repeat kept as the item's warning.
 */

const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const JOB = '6f1c1a0e-0000-4000-8000-000000000005';
const LIMITS = { maxBytes: 20 * 1024 * 1024, timeoutMs: 60_000 };

it('plans the release with the repeated recording once, and a warning naming where the repeat is', async () => {
  const xml = readFileSync(new URL('ern382/audius_album_basic.xml', SAMPLES), 'utf8');
  const plan = await planDdex(xml, JOB, LIMITS);
  expect(plan).toMatchObject({ failed: 0, total: 1, errors: {} });
  const [item] = plan.items;
  expect(item!.body.release.tracks?.map((track) => [track.isrc, track.position])).toEqual([['USRC12345678', 1]]);
  expect(item!.warnings).toEqual([
    `/NewReleaseMessage/ReleaseList/Release/ReleaseResourceReferenceList/ReleaseResourceReference[2]: ${repeatedResourceReference('A1')}`,
  ]);
}, 60_000);
