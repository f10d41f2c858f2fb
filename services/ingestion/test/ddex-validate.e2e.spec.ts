import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { Messages, type EffectiveDeal, type ReleaseSnapshot } from '@sv/contracts';
import { buildErn, resourceFileNames, type ErnVersion } from '@sv/ddex';
import { apiClient, releaseSnapshot, startPlatform, trackSnapshot, type TestPlatform } from '@sv/testing';
import pg from 'pg';

/*
 * POST /ddex/validate through the gateway: messages built by the platform's own builders in every
 * version are valid; one without a required element has a schema error at its line; a 3.8.2
 * track release listing two resources breaks the profile's rule 1138-1; what is not an ERN
 * message is 422. Nothing is kept: no row of ingestion's schema, no blob.
 */

type Api = ReturnType<typeof apiClient>;

let platform: TestPlatform;
let api: Api;
let db: pg.Client;

beforeAll(async () => {
  platform = await startPlatform({ ingestion: true });
  await platform.adminOk('tenant', 'create', '--slug', 'ddex-check', '--name', 'DDEX Check');
  api = apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', 'ddex-check', '--role', 'owner')).key));
  db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await platform?.stop();
});

const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const sample = (path: string): string => readFileSync(new URL(path, SAMPLES), 'utf8');

const deal = (overrides: Partial<EffectiveDeal>): EffectiveDeal => ({
  policy_code: 'streaming',
  commercial_model_type: 'SubscriptionModel',
  use_types: ['OnDemandStream'],
  territory_codes: ['Worldwide'],
  excluded_territory_codes: [],
  start_date: '2027-03-05',
  price_type: null,
  ...overrides,
});

/** A three-track album as the delivery would send it to a store, built by the platform's own builder. */
const album = (version: ErnVersion): string => {
  const release: ReleaseSnapshot = releaseSnapshot({ type: 'album', tracks: [1, 2, 3].map((position) => trackSnapshot({ position })) });
  return buildErn(version, {
    message_id: 'MSG-VALIDATE-1',
    created_at: '2027-02-01T12:00:00.000Z',
    control: 'TestMessage',
    kind: 'new',
    sender: { party_id: 'PADPIDA2014120301U', name: 'SV Distribution' },
    sent_on_behalf_of: { party_id: 'PADPIDA2020010101T', name: 'Nova Records' },
    recipient: { party_id: 'PADPIDA2009101501Y', name: 'Example Music Store' },
    store: {
      dsp: { dsp_id: 1, slug: 'example', name: 'Example Music Store', ddex_party_id: 'PADPIDA2009101501Y', ern_version: version, delivery_method: 'sftp', delivery_type: 'batch' },
      status: 'pending',
      is_blocked: false,
      territory_mode: 'include',
      territory_codes: ['Worldwide'],
      monetization_policy_codes: ['streaming', 'download'],
      pricing_tier_code: 'front',
      release_date: '2027-03-05',
      rights: null,
      track_withdrawals: [],
      sources: { territory_mode: 'default', territory_codes: 'default', monetization_policy_codes: 'release', pricing_tier_code: 'release', release_date: 'dsp', rights: 'default', track_withdrawals: 'default' },
      deals: [deal({}), deal({ policy_code: 'download', commercial_model_type: 'PayAsYouGoModel', use_types: ['PermanentDownload'], price_type: 'FRONT' })],
    },
    audio_files: Object.fromEntries(
      release.tracks.map((track, index) => [
        track.uuid,
        { file_name: resourceFileNames.audio(release, track, 'wav'), md5: String(index + 1).padStart(32, 'a'), codec: 'wav', sample_rate_hz: 44_100, bit_depth: 24, channels: 2, duration_ms: 180_000 },
      ]),
    ),
    artwork_file: { file_name: resourceFileNames.artwork(release), md5: 'c'.repeat(32), width: 3000, height: 3000 },
    release,
  });
};

/** Replaces `from`, insisting that it occurs (a builder change must not turn a broken message into a good one). */
const replaced = (xml: string, from: string | RegExp, to: string): string => {
  const result = xml.replace(from, to);
  if (result === xml) throw new Error(`Nothing to replace: ${String(from)}`);
  return result;
};

const validate = (ddexXml: string) => api('/v1/ddex/validate', { method: 'POST', raw: ddexXml, headers: { 'content-type': 'application/xml' } });

/** Rows of every table of ingestion's schema, and files under the blob directory. */
const kept = async (): Promise<{ rows: number; blobs: number }> => {
  const tables = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'ingestion' AND table_type = 'BASE TABLE'`);
  let rows = 0;
  for (const { table_name } of tables.rows) rows += Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ingestion."${table_name}"`)).rows[0]!.n);
  const blobDir = platform.env.SV_BLOB_DIR!;
  const blobs = (await readdir(blobDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile()).length;
  return { rows, blobs };
};

describe('POST /ddex/validate', () => {
  it.each(['3.8.2', '4.2', '4.3'] as const)('answers a built ERN %s album valid, with its type, version and profile', async (version) => {
    const response = await validate(album(version));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message_type: 'NewReleaseMessage',
      ern_version: version,
      profile: version === '3.8.2' ? 'CommonReleaseTypes/14/AudioAlbum' : 'Audio',
      profile_checked: true,
      valid: true,
      xsd_errors: [],
      findings: [],
    });
  });

  it.each(['ern42/1_Audio.xml', 'ern43/4_SimpleAudioSingle.xml'])("answers DDEX's own sample %s valid", async (path) => {
    const response = await validate(sample(path));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ valid: true, profile_checked: true, xsd_errors: [], findings: [] });
  });

  it("leaves a message naming a profile the platform does not check (DDEX's 3.8.2 sample, Release Profile 1.3) to its schema", async () => {
    const response = await validate(sample('ern382/audius_track_basic.xml'));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ern_version: '3.8.2', profile: 'CommonReleaseTypes/13/AudioSingle', profile_checked: false, valid: true, findings: [] });
  });

  it.each(['3.8.2', '4.2', '4.3'] as const)('names the line and element of a schema error in ERN %s (a required element removed)', async (version) => {
    const xml = replaced(album(version), /\s*<MessageCreatedDateTime>[^<]*<\/MessageCreatedDateTime>/, '');
    const response = await validate(xml);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ern_version: version, valid: false, findings: [] });
    expect(response.body.xsd_errors).toEqual([
      { line: expect.any(Number), column: null, location: expect.stringMatching(/^\/NewReleaseMessage\/MessageHeader/), message: expect.stringContaining('MessageCreatedDateTime') },
    ]);
  });

  it('reports a 3.8.2 TrackRelease listing two resources as a fatal error of rule 1138-1, at that release', async () => {
    const xml = replaced(
      album('3.8.2'),
      /(<ReleaseResourceReference ReleaseResourceType="PrimaryResource">A1<\/ReleaseResourceReference>)(\s*<\/ReleaseResourceReferenceList>\s*<ReleaseType>TrackRelease)/,
      '$1<ReleaseResourceReference ReleaseResourceType="PrimaryResource">A2</ReleaseResourceReference>$2',
    );
    const response = await validate(xml);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ern_version: '3.8.2', valid: false, xsd_errors: [] });
    expect(response.body.findings).toEqual([
      {
        rule: '1138-1',
        severity: 'fatal',
        profile: 'CommonReleaseTypes/14/AudioAlbum',
        location: '/NewReleaseMessage/ReleaseList/Release[2]',
        message: expect.stringContaining('lists 2'),
      },
    ]);
  });

  it('reports a well-formedness error of a message that starts as an ERN message', async () => {
    const xml = album('4.3').replace('</MessageHeader>', '</MessageHeadr>');
    const response = await validate(xml);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ern_version: '4.3', profile: null, profile_checked: false, valid: false, findings: [] });
    expect(response.body.xsd_errors[0]).toMatchObject({ line: expect.any(Number), location: null });
  });

  it.each([
    ['text that is not XML', 'not xml at all'],
    ['XML that is not an ERN message', '<Invoice xmlns="urn:example"><Total>1</Total></Invoice>'],
    ['an ERN version the platform does not read', '<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/41"/>'],
  ])('refuses %s with 422', async (_, body) => {
    const response = await validate(body);
    expect(response.status).toBe(422);
    expect(response.body.error).toBe(Messages.notDdex);
  });

  it('takes the message as a raw application/xml body and as the multipart field ddex_xml', async () => {
    const raw = await api('/v1/ddex/validate', { method: 'POST', raw: album('4.3'), headers: { 'content-type': 'application/xml' } });
    expect(raw.status).toBe(200);
    expect(raw.body).toMatchObject({ ern_version: '4.3', valid: true });

    const form = new FormData();
    form.append('ddex_xml', new Blob([album('4.2')], { type: 'application/xml' }), 'message.xml');
    const multipart = await api('/v1/ddex/validate', { method: 'POST', raw: form });
    expect(multipart.status).toBe(200);
    expect(multipart.body).toMatchObject({ ern_version: '4.2', valid: true });

    const notXml = await api('/v1/ddex/validate', { method: 'POST', raw: 'not xml', headers: { 'content-type': 'text/xml' } });
    expect(notXml.status).toBe(422);
    expect(notXml.body.error).toBe(Messages.notDdex);
  });

  it('refuses a message over the DDEX upload ceiling (10 MB) with 413', async () => {
    const padded = `${album('4.3')}<!-- ${'x'.repeat(11 * 1024 * 1024)} -->`;
    const response = await api('/v1/ddex/validate', { method: 'POST', raw: padded, headers: { 'content-type': 'application/xml' } });
    expect(response.status).toBe(413);
  });

  it('keeps nothing: no row of the ingestion schema, no blob', async () => {
    const before = await kept();
    for (const version of ['3.8.2', '4.2', '4.3'] as const) expect((await validate(album(version))).status).toBe(200);
    expect((await api('/v1/ddex/validate', { method: 'POST', raw: album('3.8.2'), headers: { 'content-type': 'application/xml' } })).status).toBe(200);
    const form = new FormData();
    form.append('ddex_xml', new Blob([album('4.3')], { type: 'application/xml' }), 'message.xml');
    expect((await api('/v1/ddex/validate', { method: 'POST', raw: form })).status).toBe(200);
    expect((await validate('not xml')).status).toBe(422);
    expect(await kept()).toEqual(before);
  });
});
