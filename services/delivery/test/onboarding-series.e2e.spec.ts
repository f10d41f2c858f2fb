import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkReleaseProfile, createErn43Validator, knownProfileFinding, parseErnXml } from '@sv/ddex';
import {
  makeRelease,
  profileOracleProblem,
  runProfileOracle,
  startDeliveryWorld,
  submitAndApprove,
  waitForStatus,
  type DeliveryWorld,
  type ProfileFinding,
} from '@sv/testing';
import { texts } from './support/ern-reading.ts';

/*
 * A store's onboarding series in the sandbox: `delivery onboarding` sends Spotify's series (a new
 * album, updates of its territories, its release date and one track's streaming rights, then a
 * takedown) as real deliveries into the sandbox's drop. Each message is read back from the drop:
 * schema-valid, passing the native release-profile checks and DDEX's own compiled rules, and
 * differing from the one before by exactly what its step changed.
 */
describe("a store's onboarding series in the sandbox", () => {
  let world: DeliveryWorld;

  beforeAll(async () => {
    world = await startDeliveryWorld({}, 'sandbox');
  }, 240_000);

  afterAll(() => world?.stop(), 120_000);

  interface SeriesStep {
    step: string;
    kind: string;
    state: string;
    message_id: string;
    batch_id: string;
    changes: { field: string; from: unknown; to: unknown }[];
  }

  it("sends Spotify's series in order, each message valid and an update of the one before", async () => {
    const { api, artistId } = await world.label('onboarding-label');
    const { releaseId, upc, trackIds } = await makeRelease(world, api, artistId, { title: 'Certification Album', tracks: 3, type: 'album' });
    // Stores certify messages with their writers: DDEX's rules ask for every composer the distributor knows.
    const writer = await api('/v1/writers', { body: { name: 'Ada Quill' } });
    expect(writer.status).toBe(201);
    for (const trackId of trackIds) {
      const credits = await api(`/v1/tracks/${trackId}/credits`, { method: 'PUT', body: { writers: [{ writer_id: writer.body.writer.uuid, role: 'composer_lyricist', share: 100 }] } });
      expect(credits.status).toBe(200);
    }
    await submitAndApprove(api, releaseId, ['spotify']);
    await waitForStatus(api, releaseId, ['approved', 'live']);

    const printed = await world.platform.adminOk('delivery', 'onboarding', '--release', releaseId, '--dsp', 'spotify', '--env', 'sandbox');
    const steps = printed.onboarding.steps as SeriesStep[];
    expect(steps.map((step) => [step.step, step.kind, step.state])).toEqual([
      ['new_release', 'new', 'sent'],
      ['territories_change', 'update', 'sent'],
      ['release_date_change', 'update', 'sent'],
      ['track_streaming_withdrawal', 'update', 'sent'],
      ['takedown', 'takedown', 'sent'],
    ]);
    expect(new Set(steps.map((step) => step.message_id)).size).toBe(5);

    const messages = await Promise.all(steps.map((step) => readFile(join(world.deliveryDir, 'spotify', step.batch_id, upc, `${upc}.xml`), 'utf8')));
    messages.forEach((xml, index) => expect({ index, id: texts(xml, '//MessageHeader/MessageId') }).toEqual({ index, id: [steps[index]?.message_id] }));

    // Every message passes the schema, the native profile checks and DDEX's compiled rules.
    const validator = createErn43Validator();
    try {
      for (const xml of messages) expect(validator.validate(xml)).toEqual({ valid: true, errors: [] });
    } finally {
      validator.dispose();
    }
    for (const xml of messages) {
      expect(checkReleaseProfile(parseErnXml(xml), '4.3').filter((finding) => finding.severity !== 'warning')).toEqual([]);
    }
    expect(await profileOracleProblem()).toBeNull();
    const findings = await runProfileOracle(messages.map((xml, index) => ({ name: `step-${index + 1}`, xml })));
    const faults = (xml: string, name: string): ProfileFinding[] =>
      (findings.get(name) ?? [])
        .filter((finding) => finding.severity === 'fatal' || finding.severity === 'error')
        .filter((finding) => !knownProfileFinding('4.3', finding, parseErnXml(xml)));
    messages.forEach((xml, index) => expect({ step: index + 1, faults: faults(xml, `step-${index + 1}`) }).toEqual({ step: index + 1, faults: [] }));

    const [created, territories, dated, withdrawn, takedown] = messages as [string, string, string, string, string];
    const mainDeals = (xml: string, path: string) => texts(xml, `//DealList/ReleaseDeal[DealReleaseReference="R0"]/Deal/DealTerms/${path}`);

    // 2: Worldwide became Worldwide but one territory, named in the printed change.
    expect(mainDeals(created, 'TerritoryCode')).toContain('Worldwide');
    expect(mainDeals(created, 'ExcludedTerritoryCode')).toEqual([]);
    const excluded = [...new Set(mainDeals(territories, 'ExcludedTerritoryCode'))];
    expect(excluded).toHaveLength(1);
    expect(steps[1]?.changes).toEqual([{ field: 'territories', from: 'Worldwide', to: `Worldwide except ${excluded[0]}` }]);

    // 3: the deals start a week later.
    const startOf = (xml: string) => [...new Set(mainDeals(xml, 'ValidityPeriod/StartDate'))];
    expect(startOf(territories)).toEqual(['2027-02-01']);
    expect(startOf(dated)).toEqual(['2027-02-08']);
    expect(steps[2]?.changes).toEqual([{ field: 'release_date', from: '2027-02-01', to: '2027-02-08' }]);
    expect([...new Set(mainDeals(dated, 'ExcludedTerritoryCode'))]).toEqual(excluded);

    // 4: the first track's own deals carry no stream; the release and the other tracks keep them.
    const trackUseTypes = (xml: string, release: string) => texts(xml, `//DealList/ReleaseDeal[DealReleaseReference="${release}"]/Deal/DealTerms/UseType`);
    expect(trackUseTypes(dated, 'R1')).toEqual(expect.arrayContaining(['OnDemandStream']));
    expect(trackUseTypes(withdrawn, 'R1').filter((use) => use.endsWith('Stream'))).toEqual([]);
    expect(trackUseTypes(withdrawn, 'R2')).toEqual(trackUseTypes(dated, 'R2'));
    expect(trackUseTypes(withdrawn, 'R0')).toEqual(trackUseTypes(dated, 'R0'));
    expect(texts(withdrawn, '//ReleaseList/TrackRelease[ReleaseReference="R1"]/ReleaseId/ISRC')).toEqual(
      texts(created, '//ReleaseList/TrackRelease[ReleaseReference="R1"]/ReleaseId/ISRC'),
    );
    expect(trackIds).toHaveLength(3);

    // 5: a NewReleaseMessage without deals (ERN 4.3 Part 1, 6.19.4), never a PurgeReleaseMessage.
    expect(takedown).toContain('NewReleaseMessage');
    expect(takedown).not.toContain('PurgeReleaseMessage');
    expect(texts(takedown, '//DealList')).toEqual([]);

    // A series starts from a release the store has not received beyond its first message.
    const again = await world.platform.admin('delivery', 'onboarding', '--release', releaseId, '--dsp', 'spotify', '--env', 'sandbox');
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('Spotify has already received this release');
  }, 420_000);

  it('runs only in the sandbox, only for a store that asks for a series, only for a release the sandbox knows', async () => {
    const production = await world.platform.admin('delivery', 'onboarding', '--release', '00000000-0000-4000-8000-000000000001', '--dsp', 'spotify');
    expect(production.code).not.toBe(0);
    expect(production.stderr).toContain('An onboarding series runs in the sandbox only: add --env sandbox.');

    const noSeries = await world.platform.admin('delivery', 'onboarding', '--release', '00000000-0000-4000-8000-000000000001', '--dsp', 'deezer', '--env', 'sandbox');
    expect(noSeries.code).not.toBe(0);
    expect(noSeries.stderr).toContain('Deezer asks for no onboarding series.');

    const unknown = await world.platform.admin('delivery', 'onboarding', '--release', '00000000-0000-4000-8000-000000000001', '--dsp', 'spotify', '--env', 'sandbox');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('the sandbox has not reviewed a release with this id');
  }, 120_000);
});
