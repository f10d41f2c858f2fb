import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Messages, normalizeIswc } from '@sv/contracts';
import { writeTone } from '@sv/testing';
import { finishedJob, useIngestionWorld, type Api } from './support/ingestion-world.ts';

/*
 * POST /ingestion/ddex through the gateway: official sample messages of every version become
 * releases whose read-back carries the message's UPC, titles and ISRCs; what is not a message,
 * or not a valid one, changes nothing.
 */

const world = useIngestionWorld();

const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const sample = (path: string): string => readFileSync(new URL(path, SAMPLES), 'utf8');

/** What the message itself says, read with plain text matching (not with the code under test). */
const isrcsIn = (xml: string): string[] => [...new Set([...xml.matchAll(/<ISRC>([^<]+)<\/ISRC>/g)].map((match) => match[1]!))];
/** The ICPN of the release list's first release id (the main release's; a related release's does not count). */
const icpnIn = (xml: string): string | undefined => {
  const firstReleaseId = /<ReleaseList>[\s\S]*?<ReleaseId>([\s\S]*?)<\/ReleaseId>/.exec(xml)?.[1] ?? '';
  return /<ICPN[^>]*>([^<]+)<\/ICPN>/.exec(firstReleaseId)?.[1];
};

const postXml = (api: Api, xml: string) => api('/v1/ingestion/ddex', { method: 'POST', raw: xml, headers: { 'content-type': 'application/xml' } });

const tracksOf = async (api: Api, releaseId: string): Promise<{ uuid: string; isrc: string; title: string }[]> => (await api(`/v1/releases/${releaseId}/tracks`)).body.tracks;

describe('POST /ingestion/ddex', () => {
  // The last column: whether the main release has deals of its own (dedex_001's are on its track releases).
  it.each([
    ['ern43/1_Audio.xml', 'a', true],
    ['ern43/4_SimpleAudioSingle.xml', 'a', true],
    ['ern42/1_Audio.xml', 'b', true],
    ['ern42/4_SimpleAudioSingle.xml', 'b', true],
    ['ern382/dedex_001_audioalbum_complete.xml', 'a', false],
    ['ern382/dedex_016_utf8_artists.xml', 'a', true],
  ] as const)('imports the sample %s into a release carrying its ISRCs and UPC', async (path, tenant, hasDeals) => {
    const xml = sample(path);
    const api = tenant === 'a' ? world.a.artist : world.b.artist;
    const response = await postXml(api, xml);
    expect(response.status).toBe(202);
    const job = await finishedJob(api, response.body.ingestion_job_id);
    expect(job.validation_errors).toEqual({});
    expect(job).toMatchObject({ source: 'ddex', state: 'completed', items_done: 1 });
    // An artist key sets its own release's territories, so the message's deals are applied to it. The only warnings are
    // for the placeholder ISWCs some samples carry (a wrong check digit): those tracks are imported without a work code.
    const iswcs = [...xml.matchAll(/<ISWC>([^<]+)<\/ISWC>/g)].map((match) => match[1]!);
    const invalid = iswcs.filter((iswc) => normalizeIswc(iswc) === undefined);
    expect(Object.values(job.warnings as Record<string, string[]>).flat()).toEqual(invalid.map(() => expect.stringMatching(/is not an ISWC \(ISO 15707\), so the track is imported without one\.$/)));
    const territoryMode = (await api(`/v1/supply-chain/releases/${job.release_id}`)).body.release_config.territory_mode;
    expect({ path, territoryMode }).toEqual({ path, territoryMode: hasDeals ? expect.stringMatching(/^(include|exclude)$/) : null });
    expect(job.files[0]).toMatchObject({ size: Buffer.byteLength(xml), detected_type: expect.stringContaining('NewReleaseMessage') });
    expect(job.files[0].checksum).toMatch(/^[0-9a-f]{64}$/);

    const release = (await api(`/v1/releases/${job.release_id}`)).body.release;
    const icpn = icpnIn(xml);
    if (icpn) expect(release.upc).toBe(icpn.replace(/^0(\d{13})$/, '$1'));
    const tracks = await tracksOf(api, job.release_id);
    expect(tracks.map((track) => track.isrc).sort()).toEqual(isrcsIn(xml).sort());
    for (const track of tracks) expect(xml).toContain(track.title.replace(/&/g, '&amp;'));
  }, 60_000);

  it.each([
    ['ern42/6_Ringtone.xml', 'include'],
    ['ern382/audius_track_basic.xml', 'exclude'],
  ] as const)("sets the territories of %s's deals in the supply-chain for a roster key, under the message's artist", async (path, mode) => {
    const xml = sample(path);
    const response = await postXml(world.a.roster, xml);
    const job = await finishedJob(world.a.roster, response.body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'completed', items_done: 1, warnings: {} });
    const config = (await world.a.roster(`/v1/supply-chain/releases/${job.release_id}`)).body.release_config;
    const named = [...new Set([...xml.matchAll(/<TerritoryCode>([^<]+)<\/TerritoryCode>/g)].map((match) => match[1]!))].filter((code) => code !== 'Worldwide');
    expect(config.territory_mode).toBe(mode);
    expect([...config.territory_codes].sort()).toEqual(mode === 'include' ? named.sort() : []);
  }, 60_000);

  it('refuses what is not an ERN NewReleaseMessage (422 with the spec message): another root, a wrong namespace, not XML', async () => {
    const wrongNamespace = sample('ern43/4_SimpleAudioSingle.xml').replace('http://ddex.net/xml/ern/43', 'http://example.com/not-ern');
    for (const body of ['<Invoice xmlns="urn:example"/>', wrongNamespace, 'just some text']) {
      const response = await postXml(world.a.artist, body);
      expect(response.status).toBe(422);
      expect(response.body.error).toBe(Messages.notDdex);
    }
  });

  it('fails the job of a schema-invalid message with the problem at its element path, and creates nothing', async () => {
    const before = Number((await world.a.artist('/v1/releases?per_page=1')).body.total);
    const invalid = sample('ern43/4_SimpleAudioSingle.xml').replace(/<ISRC>GBAYC1700598<\/ISRC>/, '<ISRC>GBAYC1700598</ISRC><Unexpected>x</Unexpected>');
    const response = await postXml(world.a.artist, invalid);
    expect(response.status).toBe(202);
    const job = await finishedJob(world.a.artist, response.body.ingestion_job_id);
    expect(job.state).toBe('failed');
    expect(Object.keys(job.validation_errors).some((path) => path.startsWith('/NewReleaseMessage/ResourceList/SoundRecording'))).toBe(true);
    expect(Number((await world.a.artist('/v1/releases?per_page=1')).body.total)).toBe(before);
  }, 60_000);

  it('refuses a DOCTYPE with an entity bomb at the door (422, nothing queued), and the service stays healthy', async () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><Title>&lol3;</Title></ern:NewReleaseMessage>`;
    const jobsBefore = Number((await world.a.artist('/v1/ingestion/jobs?source=ddex&per_page=1')).body.total);
    const response = await postXml(world.a.artist, bomb);
    expect(response.status).toBe(422);
    expect(response.body.error).toBe(Messages.notDdex);
    expect(Number((await world.a.artist('/v1/ingestion/jobs?source=ddex&per_page=1')).body.total)).toBe(jobsBefore);
    expect((await postXml(world.a.artist, '<Invoice/>')).status).toBe(422);
  }, 30_000);

  it('takes the multipart field ddex_xml too, and refuses owner keys (403)', async () => {
    const form = new FormData();
    form.append('ddex_xml', new Blob([sample('ern43/6_Ringtone.xml')], { type: 'application/xml' }), 'ringtone.xml');
    const response = await world.b.artist('/v1/ingestion/ddex', { method: 'POST', raw: form });
    expect(response.status).toBe(202);
    const job = await finishedJob(world.b.artist, response.body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'completed', files: [expect.objectContaining({ name: 'ringtone.xml' })] });
    expect((await postXml(world.a.owner, sample('ern43/6_Ringtone.xml'))).status).toBe(403);
  }, 60_000);
});

/** A UPC-A of `base` (11 digits) with its check digit. */
const upcOf = (base: string): string => {
  const sum = [...base].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
};

describe('POST /ingestion/ddex: a message about a release the tenant already has', () => {
  /** The 21-track album under a UPC and ISRCs of its own, so each test has a release no other test touches. */
  const albumWith = (upc: string, isrcPrefix: string): string =>
    sample('ern43/1_Audio.xml').replace('<ICPN>00094631432057</ICPN>', `<ICPN>${upc}</ICPN>`).replaceAll('JPTO', isrcPrefix);

  it('updates it in place (ERN 4 has no update flag): a changed track title, the same release and tracks, no duplicate', async () => {
    const upc = upcOf(String(Date.now()).slice(-11));
    const first = albumWith(upc, 'JPTA');
    const created = await finishedJob(world.a.artist, (await postXml(world.a.artist, first)).body.ingestion_job_id);
    expect(created).toMatchObject({ state: 'completed' });
    const before = await tracksOf(world.a.artist, created.release_id);

    const second = first.replaceAll('Yume no Lullaby', 'Yume no Lullaby (Remastered)');
    const updated = await finishedJob(world.a.artist, (await postXml(world.a.artist, second)).body.ingestion_job_id);
    expect(updated).toMatchObject({ state: 'completed', validation_errors: {}, release_id: created.release_id });
    const after = await tracksOf(world.a.artist, created.release_id);
    expect(after.map((track) => track.uuid).sort()).toEqual(before.map((track) => track.uuid).sort());
    const changed = after.find((track) => track.isrc === 'JPTA09404900');
    expect(changed?.title).toBe('Yume no Lullaby (Remastered)');
    expect(after.filter((track) => track.title.includes('Remastered'))).toHaveLength(1);
    const sameUpc = ((await world.a.artist('/v1/releases?per_page=100')).body.releases as { upc: string }[]).filter((candidate) => candidate.upc === upc);
    expect(sameUpc).toHaveLength(1);
  }, 90_000);

  it('refuses to change a release that is no longer a draft, with the reason, and leaves it as it was', async () => {
    const upc = upcOf(String(Date.now() + 7).slice(-11));
    const first = albumWith(upc, 'JPTB');
    const created = await finishedJob(world.a.artist, (await postXml(world.a.artist, first)).body.ingestion_job_id);
    expect((await world.a.artist(`/v1/releases/${created.release_id}/dsps`, { method: 'POST', body: { dsps: ['spotify'] } })).status).toBe(200);
    expect((await world.a.artist(`/v1/releases/${created.release_id}/submit`, { method: 'POST' })).status).toBe(200);
    const before = (await world.a.artist(`/v1/releases/${created.release_id}`)).body.release;

    const job = await finishedJob(world.a.artist, (await postXml(world.a.artist, first.replaceAll('Yume no Lullaby', 'Too Late'))).body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'failed', items_failed: 1 });
    expect(Object.values(job.validation_errors).flat()).toEqual([Messages.trackReleaseNotDraft]);
    expect((await world.a.artist(`/v1/releases/${created.release_id}`)).body.release).toMatchObject({ title: before.title, status: before.status });
    expect((await tracksOf(world.a.artist, created.release_id)).some((track) => track.title === 'Too Late')).toBe(false);
  }, 90_000);
});

describe('POST /ingestion/ddex: takedowns', () => {
  beforeAll(async () => {
    await world.platform.startDelivery();
  }, 60_000);

  it('finds the release a purge message names by UPC and asks delivery to take it down; an unknown UPC fails its item', async () => {
    const sampled = sample('ern382/dedex_017_purged_release.xml');
    const unknown = await postXml(world.a.artist, sampled);
    expect(unknown.status).toBe(202);
    const missing = await finishedJob(world.a.artist, unknown.body.ingestion_job_id);
    expect(missing).toMatchObject({ state: 'failed', items_failed: 1 });
    expect(Object.values(missing.validation_errors).flat()).toContain(Messages.releaseNotFound);

    const draft = await world.a.roster('/v1/ingestion/json', {
      body: { title: 'To be purged', type: 'single', release_date: '2027-01-01', genre: 'Rock', artist_id: world.a.artistId, tracks: [{ title: 'One', position: 1, explicit: false }] },
    });
    expect(draft.status).toBe(201);
    const upc = (await world.a.roster(`/v1/releases/${draft.body.uuid}`)).body.release.upc as string;
    const purge = sampled.replace(/<ICPN>[^<]+<\/ICPN>/, `<ICPN>${upc}</ICPN>`);

    // A takedown is a distribution command: a key that may not take a release down through the API may not through a message.
    const byArtist = await finishedJob(world.a.artist, (await postXml(world.a.artist, purge)).body.ingestion_job_id);
    expect(Object.values(byArtist.validation_errors).flat()).toContain(Messages.forbidden);

    const job = await finishedJob(world.a.roster, (await postXml(world.a.roster, purge)).body.ingestion_job_id);
    // A draft never reached a store: delivery refuses, and the job says why, at the release's path.
    expect(job).toMatchObject({ state: 'failed', items_failed: 1 });
    expect(Object.values(job.validation_errors).flat()).toContain(Messages.noDspsAttached);
  }, 60_000);
});

describe('POST /ingestion/ddex: audio named by URL', () => {
  let server: Server;
  let base: string;
  let dir: string;
  let flac: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sv-ddex-urls-'));
    flac = await readFile(await writeTone(join(dir, 'A1.flac'), { seconds: 1, codec: 'flac' }));
    server = createServer((req, res) => (req.url === '/masters/A1.flac' ? res.writeHead(200, { 'content-type': 'audio/flac' }).end(flac) : res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  /** The single under a UPC and ISRC of its own, its audio named by `uri` with `md5`. */
  const singleNaming = (uri: string, md5: string): { xml: string; isrc: string } => {
    const isrc = `GBURL${String(Date.now()).slice(-7)}`;
    const xml = sample('ern43/4_SimpleAudioSingle.xml')
      .replace('<ICPN>190295810726</ICPN>', `<ICPN>${upcOf(String(Date.now()).slice(-11))}</ICPN>`)
      .replaceAll('GBAYC1700598', isrc)
      .replace('<URI>resources/190295810726_00001_LL.flac</URI>', `<URI>${uri}</URI>`)
      .replace('db7dd2f3bb9b322646e3f4d7b65b47ab', md5);
    return { xml, isrc };
  };

  it('downloads it under the outbound guard, checks its MD5 and attaches it to the track', async () => {
    const { xml } = singleNaming(`${base}/masters/A1.flac`, createHash('md5').update(flac).digest('hex'));
    const job = await finishedJob(world.a.roster, (await postXml(world.a.roster, xml)).body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'completed', validation_errors: {} });
    expect(job.warnings).toEqual({});
    const [track] = await tracksOf(world.a.roster, job.release_id);
    expect(track).toMatchObject({ mime_type: 'audio/flac', file_size: flac.length, audio_url: expect.any(String) });
  }, 60_000);

  it('imports without it, saying why, when the URL cannot be fetched; refuses the item when the MD5 disagrees', async () => {
    const gone = singleNaming(`${base}/masters/gone.flac`, createHash('md5').update(flac).digest('hex'));
    const withoutAudio = await finishedJob(world.a.roster, (await postXml(world.a.roster, gone.xml)).body.ingestion_job_id);
    expect(withoutAudio).toMatchObject({ state: 'completed' });
    expect(Object.values(withoutAudio.warnings).flat()).toEqual([expect.stringContaining('it answered HTTP 404')]);

    const corrupt = singleNaming(`${base}/masters/A1.flac`, '0'.repeat(32));
    const refused = await finishedJob(world.a.roster, (await postXml(world.a.roster, corrupt.xml)).body.ingestion_job_id);
    expect(refused).toMatchObject({ state: 'failed', items_failed: 1, release_id: null });
    expect(JSON.stringify(refused.validation_errors)).toContain('checksum does not match');
  }, 60_000);
});
