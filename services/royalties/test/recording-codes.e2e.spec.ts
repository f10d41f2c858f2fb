import type { MikroORM } from '@mikro-orm/postgresql';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  RecordingCodesRebuildReply,
  SharedOperation,
  apiSubject,
  systemPrincipal,
  type Principal,
} from '@sv/contracts';
import { callService, createLogger, openDatabase, serviceCaller } from '@sv/platform';
import { apiClient, connectTestNats, eventually, startPlatform, type TestPlatform } from '@sv/testing';
import type { CataloguePort } from '../src/app/catalogue-port.ts';
import { LoadLineMatcher, matchLinesByCodes, matchLinesKeptFirst } from '../src/app/recording-codes/line-code-matching.ts';
import { matchLines } from '../src/app/statements/line-matching.ts';
import { ROYALTIES_ENTITIES, ROYALTIES_MIGRATIONS, ROYALTIES_SCHEMA } from '../src/db/index.ts';
import { catalogueClient } from '../src/nats/clients/catalogue.client.ts';

/*
 * Royalties keeps the catalogue's recording codes by following its events, and matches a report's
 * lines against them exactly as asking the catalogue does, for the whole tenant and for an
 * artist-scoped caller; the rebuild the operator asks for restores every code from an empty table.
 */

let platform: TestPlatform;
let nc: NatsConnection;
let orm: MikroORM;
let tenantId: string;
const artists: Record<'nova' | 'orbit', { id: string; api: ReturnType<typeof apiClient> }> = {} as never;

type Line = { isrc?: string | null; upc?: string | null };
interface Made {
  id: string;
  upc: string;
  isrcs: string[];
  trackIds: string[];
}

beforeAll(async () => {
  platform = await startPlatform({ royalties: true });
  nc = await connectTestNats();
  orm = await openDatabase({
    url: platform.db.url,
    schema: ROYALTIES_SCHEMA,
    entities: ROYALTIES_ENTITIES,
    migrations: ROYALTIES_MIGRATIONS,
    logger: createLogger({ service: 'royalties', env: 'production', level: 'silent', pretty: false }),
  });
  tenantId = String((await platform.adminOk('tenant', 'create', '--slug', 'codes', '--name', 'Codes')).tenant.uuid);
  for (const name of ['nova', 'orbit'] as const) {
    const id = String((await platform.adminOk('artist', 'create', '--tenant', 'codes', '--name', name, '--slug', name)).artist.uuid);
    const key = String((await platform.adminOk('key', 'create', '--tenant', 'codes', '--role', 'artist', '--artist', id)).key);
    artists[name] = { id, api: apiClient(platform.baseUrl, key) };
  }
}, 180_000);

afterAll(async () => {
  await orm?.close(true);
  await nc?.close();
  await platform?.stop();
}, 120_000);

const makeRelease = async (artist: 'nova' | 'orbit', tracks: number): Promise<Made> => {
  const api = artists[artist].api;
  const created = await api('/v1/releases', { body: { title: `Codes ${artist} ${Date.now()}`, type: 'ep', release_date: '2027-03-05', genre: 'Pop' } });
  expect(created.status).toBe(201);
  const made: Made = { id: created.body.release.uuid, upc: created.body.release.upc, isrcs: [], trackIds: [] };
  for (let position = 1; position <= tracks; position++) {
    const track = await api(`/v1/releases/${made.id}/tracks`, { body: { title: `Song ${position}`, position, explicit: false } });
    expect(track.status).toBe(201);
    made.isrcs.push(track.body.track.isrc);
    made.trackIds.push(track.body.track.uuid);
  }
  return made;
};

const tenantPrincipal = (): Principal => systemPrincipal(tenantId, 'test');
const artistPrincipal = (artist: 'nova' | 'orbit'): Principal => ({
  ...tenantPrincipal(),
  role: 'artist',
  actor: { type: 'api_key', id: 'test' },
  artist_id: artists[artist].id,
});

const viaCatalogue = (principal: Principal, lines: Line[]) =>
  matchLines(catalogueClient(serviceCaller(nc, platform.subjectPrefix, 10_000)), principal, lines);
const viaKept = (principal: Principal, lines: Line[]) => matchLinesByCodes(orm.em.fork(), principal, lines);

/** Waits until the lines match against what royalties keeps as they do against the catalogue; answers the matches. */
const keptAsCatalogue = (principal: Principal, lines: Line[]) =>
  eventually(`royalties matches ${JSON.stringify(lines)} as the catalogue does`, async () => {
    const [kept, catalogue] = await Promise.all([viaKept(principal, lines), viaCatalogue(principal, lines)]);
    return JSON.stringify(kept) === JSON.stringify(catalogue) ? kept : undefined;
  });

const linesOf = (made: Made): Line[] => [
  ...made.isrcs.map((isrc) => ({ isrc: isrc.toLowerCase(), upc: made.upc })),
  { isrc: 'QZZZZ0000001', upc: ` ${made.upc} ` },
  { isrc: null, upc: '000000000000' },
];

describe('recording codes in royalties', () => {
  it('follow tracks as they are created and deleted, and match lines as the catalogue does', async () => {
    const made = await makeRelease('nova', 2);
    const matched = await keptAsCatalogue(tenantPrincipal(), linesOf(made));
    expect(matched.map((match) => match.matched)).toEqual(['track', 'track', 'release', null]);
    expect(matched.map((match) => match.trackId)).toEqual([...made.trackIds, null, null]);

    expect((await artists.nova.api(`/v1/tracks/${made.trackIds[1]}`, { method: 'DELETE' })).status).toBe(204);
    const afterDelete = await keptAsCatalogue(tenantPrincipal(), linesOf(made));
    // The deleted track's line falls back to its release by UPC.
    expect(afterDelete.map((match) => match.matched)).toEqual(['track', 'release', 'release', null]);
  }, 120_000);

  it("match an artist-scoped caller's lines to its own artist's recordings only", async () => {
    const nova = await makeRelease('nova', 1);
    const orbit = await makeRelease('orbit', 1);
    const lines = [...linesOf(nova), ...linesOf(orbit)];
    await keptAsCatalogue(tenantPrincipal(), lines);
    const scoped = await keptAsCatalogue(artistPrincipal('orbit'), lines);
    expect(scoped.filter((match) => match.matched !== null).every((match) => match.artistId === artists.orbit.id)).toBe(true);
    expect(scoped.filter((match) => match.matched === 'track').map((match) => match.trackId)).toEqual(orbit.trackIds);
  }, 120_000);

  it('leave a code they lack to the catalogue, which is asked for that code alone', async () => {
    const made = await makeRelease('nova', 2);
    await keptAsCatalogue(tenantPrincipal(), linesOf(made));
    // The second track as if its creation had not reached royalties yet: the catalogue has it, the copy does not.
    await orm.em.fork().execute(`delete from "royalties"."recording_track_code" where "track_id" = ?`, [made.trackIds[1]]);
    const asked: { isrcs: string[]; upcs: string[] }[] = [];
    const catalogue = catalogueClient(serviceCaller(nc, platform.subjectPrefix, 10_000));
    const watched: CataloguePort = {
      ...catalogue,
      matchRecordings: (principal, codes) => {
        asked.push(codes);
        return catalogue.matchRecordings(principal, codes);
      },
    };
    const lines: Line[] = [
      { isrc: made.isrcs[0]!, upc: made.upc },
      { isrc: made.isrcs[1]!.toLowerCase(), upc: made.upc },
      { isrc: null, upc: made.upc },
    ];

    const matched = await matchLinesKeptFirst(orm.em.fork(), watched, tenantPrincipal(), lines);
    expect(matched.map((match) => [match.matched, match.trackId])).toEqual([
      ['track', made.trackIds[0]],
      ['track', made.trackIds[1]],
      ['release', null],
    ]);
    // Only the line the copy left short is asked: its ISRC, with its UPC.
    expect(asked).toEqual([{ isrcs: [made.isrcs[1]!.toUpperCase()], upcs: [made.upc] }]);

    // A load's matcher answers the same, asking the catalogue only the ISRC the copy lacks, once for the whole load.
    asked.length = 0;
    const matcher = new LoadLineMatcher(() => orm.em.fork(), watched, tenantPrincipal());
    expect(await matcher.match(lines)).toEqual(matched);
    expect(await matcher.match([...lines].reverse())).toEqual([...matched].reverse());
    expect(asked).toEqual([{ isrcs: [made.isrcs[1]!.toUpperCase()], upcs: [] }]);

    // A matcher that may remember only one code starts over when a batch brings more, the codes it knew among them.
    const forgetful = new LoadLineMatcher(() => orm.em.fork(), watched, tenantPrincipal(), 1);
    expect(await forgetful.match(lines.slice(0, 1))).toEqual(matched.slice(0, 1));
    expect(await forgetful.match(lines)).toEqual(matched);
  }, 120_000);

  it('are restored by a rebuild from an empty table', async () => {
    const made = await makeRelease('orbit', 3);
    const lines = linesOf(made);
    const expected = await keptAsCatalogue(tenantPrincipal(), lines);
    await orm.em.fork().execute(`delete from "royalties"."recording_track_code"`);
    await orm.em.fork().execute(`delete from "royalties"."recording_release_code"`);
    expect((await viaKept(tenantPrincipal(), lines)).every((match) => match.matched === null)).toBe(true);

    // The request the operator command's `royalties rebuild-codes --tenant codes` sends.
    const reply = await callService(
      nc,
      apiSubject(platform.subjectPrefix, 'royalties'),
      { operation: SharedOperation.recordingCodesRebuild, principal: systemPrincipal(tenantId, 'admin'), body: { all_tenants: false } },
      60_000,
    );
    expect(reply.status).toBe(200);
    const { rebuilt } = RecordingCodesRebuildReply.parse(reply.body);
    const [kept] = await orm.em.fork().execute<{ tracks: number }[]>(`select count(*)::int as "tracks" from "royalties"."recording_track_code"`);
    expect(rebuilt.tracks).toBe(kept!.tracks);
    expect(await viaKept(tenantPrincipal(), lines)).toEqual(expected);
  }, 120_000);

  it('refuse a rebuild asked by anyone but the platform itself', async () => {
    const reply = await callService(
      nc,
      apiSubject(platform.subjectPrefix, 'royalties'),
      { operation: SharedOperation.recordingCodesRebuild, principal: artistPrincipal('nova'), body: {} },
      10_000,
    );
    expect(reply.status).toBe(403);
  }, 60_000);
});
