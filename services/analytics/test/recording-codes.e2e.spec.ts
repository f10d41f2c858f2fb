import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  CatalogueOperation,
  RecordingsMatchReply,
  TrackEvents,
  apiSubject,
  eventStreamName,
  eventSubject,
  systemPrincipal,
} from '@sv/contracts';
import { callService, createLogger, matchRecordingCodes, openDatabase, serviceCaller } from '@sv/platform';
import { apiClient, connectTestNats, eventually } from '@sv/testing';
import { matchReportCodes } from '../src/app/recording-codes/report-code-matching.ts';
import { matchCodes } from '../src/app/streaming/code-matching.ts';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS, ANALYTICS_SCHEMA } from '../src/db/index.ts';
import { catalogueClient } from '../src/nats/clients/catalogue.client.ts';
import { adminLoad, makeRelease, reportFile, useStreamingWorld, type Api, type StreamingRelease } from './support/streaming-world.ts';

/*
 * Analytics keeps the catalogue's recording codes by following its events: tracks and releases
 * appear, change and disappear as the catalogue's do, a message published while analytics is down
 * is applied once it is back, a message seen twice writes nothing new, and the operator's rebuild
 * restores every code. What is kept matches exactly what the catalogue's `recordings.match` does.
 */

const world = useStreamingWorld();
let nc: NatsConnection;
let orm: MikroORM;
/** An artist of tenant B, so both tenants have recordings. */
let echo: Api;

beforeAll(async () => {
  nc = await connectTestNats();
  orm = await openDatabase({
    url: world.platform.db.url,
    schema: ANALYTICS_SCHEMA,
    entities: ANALYTICS_ENTITIES,
    migrations: ANALYTICS_MIGRATIONS,
    logger: createLogger({ service: 'analytics', env: 'production', level: 'silent', pretty: false }),
  });
  const artist = await world.platform.adminOk('artist', 'create', '--tenant', world.b.slug, '--name', 'Echo', '--slug', 'echo');
  const key = await world.platform.adminOk('key', 'create', '--tenant', world.b.slug, '--role', 'artist', '--artist', String(artist.artist.uuid));
  echo = apiClient(world.platform.baseUrl, String(key.key));
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await nc?.close();
});

const byCode = <T extends { isrc?: string; upc?: string; track_id?: string; release_id: string }>(rows: T[]): T[] =>
  [...rows].sort((a, b) => `${a.isrc ?? a.upc}${a.track_id ?? a.release_id}`.localeCompare(`${b.isrc ?? b.upc}${b.track_id ?? b.release_id}`));

/** The catalogue's own answer for these codes. */
const catalogueMatch = async (tenantId: string, codes: { isrcs: string[]; upcs: string[] }): Promise<RecordingsMatchReply> => {
  const reply = await callService(
    nc,
    apiSubject(world.platform.subjectPrefix, 'catalogue'),
    { operation: CatalogueOperation.recordingsMatch, principal: systemPrincipal(tenantId, 'test'), body: codes },
    10_000,
  );
  return RecordingsMatchReply.parse(reply.body);
};

/** What analytics keeps for these codes, in the same shape. */
const keptMatch = (tenantId: string, codes: { isrcs: string[]; upcs: string[] }): Promise<RecordingsMatchReply> =>
  matchRecordingCodes(orm.em.fork(), ANALYTICS_SCHEMA, { tenant_id: tenantId, artist_id: null }, codes);

const codesOf = (...releases: StreamingRelease[]) => ({
  isrcs: releases.flatMap((release) => release.tracks.map((track) => track.isrc)),
  upcs: releases.map((release) => release.upc),
});

/** Waits until what analytics keeps for the codes is the catalogue's answer, and answers it. */
const keptAsCatalogue = (tenantId: string, codes: { isrcs: string[]; upcs: string[] }) =>
  eventually(`analytics keeps the catalogue's codes ${JSON.stringify(codes)}`, async () => {
    const [kept, catalogue] = await Promise.all([keptMatch(tenantId, codes), catalogueMatch(tenantId, codes)]);
    const same =
      JSON.stringify(byCode(kept.tracks)) === JSON.stringify(byCode(catalogue.tracks)) &&
      JSON.stringify(byCode(kept.releases)) === JSON.stringify(byCode(catalogue.releases));
    return same ? kept : undefined;
  });

const keptRows = async (tenantId: string) =>
  (
    await world.db.query(
      `select "track_id", "isrc", "updated_at" from "analytics"."recording_track_code" where "tenant_id" = $1 order by "track_id"`,
      [tenantId],
    )
  ).rows as { track_id: string; isrc: string; updated_at: Date }[];

const freshIsrc = (): string => `QZ${randomUUID().replace(/\D/g, '').padEnd(10, '7').slice(0, 10)}`;

describe('recording codes in analytics', () => {
  it('follow tracks and releases as they are created, changed and deleted', async () => {
    const release = await makeRelease(world.a.nova, 2);
    const created = await keptAsCatalogue(world.a.tenantId, codesOf(release));
    expect(created.tracks.map((track) => track.track_id).sort()).toEqual(release.tracks.map((track) => track.id).sort());
    expect(created.releases).toEqual([{ upc: release.upc, release_id: release.id, artist_id: world.a.novaId, title: release.title }]);

    const [first, second] = release.tracks;
    const isrc = freshIsrc();
    expect((await world.a.nova(`/v1/tracks/${first!.id}`, { method: 'PATCH', body: { isrc, title: 'Renamed' } })).status).toBe(200);
    const changed = await keptAsCatalogue(world.a.tenantId, { isrcs: [first!.isrc, isrc], upcs: [] });
    expect(changed.tracks).toEqual([expect.objectContaining({ isrc, track_id: first!.id, title: 'Renamed', release_title: release.title })]);

    expect((await world.a.nova(`/v1/tracks/${second!.id}`, { method: 'DELETE' })).status).toBe(204);
    const afterTrackDeleted = await keptAsCatalogue(world.a.tenantId, { isrcs: [isrc, second!.isrc], upcs: [release.upc] });
    expect(afterTrackDeleted.tracks.map((track) => track.isrc)).toEqual([isrc]);

    expect((await world.a.nova(`/v1/releases/${release.id}`, { method: 'DELETE' })).status).toBe(204);
    const gone = await keptAsCatalogue(world.a.tenantId, { isrcs: [isrc], upcs: [release.upc] });
    expect(gone).toEqual({ tracks: [], releases: [] });
  }, 120_000);

  it('applies what was published while analytics was down once it is back', async () => {
    await world.platform.analytics!.stop();
    const release = await makeRelease(world.a.orbit, 1);
    expect(await keptMatch(world.a.tenantId, codesOf(release))).toEqual({ tracks: [], releases: [] });

    await world.platform.startAnalytics({ SV_ANALYTICS_DROP_DIR: world.dropDir, SV_ANALYTICS_DROP_INTERVAL_MS: '1000' });
    const kept = await keptAsCatalogue(world.a.tenantId, codesOf(release));
    expect(kept.tracks.map((track) => track.track_id)).toEqual([release.tracks[0]!.id]);
  }, 120_000);

  it('copies every code from the catalogue when it starts keeping nothing, with no event and no command', async () => {
    const release = await makeRelease(world.a.orbit, 2);
    const expected = await keptAsCatalogue(world.a.tenantId, codesOf(release));
    await world.platform.analytics!.stop();
    await world.db.query(`delete from "analytics"."recording_track_code"`);
    await world.db.query(`delete from "analytics"."recording_release_code"`);

    // Every event was acknowledged before the stop, so only the first copy can bring these back.
    await world.platform.startAnalytics({ SV_ANALYTICS_DROP_DIR: world.dropDir, SV_ANALYTICS_DROP_INTERVAL_MS: '1000' });
    const copied = await keptAsCatalogue(world.a.tenantId, codesOf(release));
    expect(byCode(copied.tracks)).toEqual(byCode(expected.tracks));
    expect(byCode(copied.releases)).toEqual(byCode(expected.releases));
    await world.platform.analytics!.waitForLog((line) => line.msg === 'recording codes copied from the catalogue', 60_000);
  }, 180_000);

  it('writes nothing new for an event seen twice', async () => {
    const release = await makeRelease(echo, 1);
    await keptAsCatalogue(world.b.tenantId, codesOf(release));
    const before = await keptRows(world.b.tenantId);

    const track = release.tracks[0]!;
    const envelope = {
      id: randomUUID(),
      type: TrackEvents.updated.name,
      tenant_id: world.b.tenantId,
      occurred_at: new Date().toISOString(),
      data: { track_id: track.id, release_id: release.id, title: track.title, isrc: track.isrc, position: 1 },
    };
    const subject = eventSubject(world.platform.subjectPrefix, TrackEvents.updated.name);
    const js = jetstream(nc);
    // The same message twice (a redelivery) and the same change under another id (a replay).
    await js.publish(subject, JSON.stringify(envelope));
    await js.publish(subject, JSON.stringify(envelope));
    const last = await js.publish(subject, JSON.stringify({ ...envelope, id: randomUUID() }));
    const jsm = await jetstreamManager(nc);
    await eventually('analytics has handled the three messages', async () => {
      const info = await jsm.consumers.info(eventStreamName(world.platform.subjectPrefix), 'analytics-codes-track-updated');
      return info.ack_floor.stream_seq >= last.seq && info.num_ack_pending === 0;
    });

    expect(await keptRows(world.b.tenantId)).toEqual(before);
  }, 120_000);

  it('are restored by the operator command from an empty table, and match as the catalogue does', async () => {
    const single = await makeRelease(world.a.nova, 1);
    const ep = await makeRelease(world.a.orbit, 3);
    const codes = codesOf(single, ep);
    const expected = await keptAsCatalogue(world.a.tenantId, codes);
    const keptBefore = await keptRows(world.a.tenantId);

    await world.db.query(`delete from "analytics"."recording_track_code"`);
    await world.db.query(`delete from "analytics"."recording_release_code"`);
    expect(await keptMatch(world.a.tenantId, codes)).toEqual({ tracks: [], releases: [] });

    const printed = await world.platform.adminOk('analytics', 'rebuild-codes');
    expect(printed.rebuilt.tracks).toBe(keptBefore.length + (await keptRows(world.b.tenantId)).length);
    const rebuilt = await keptMatch(world.a.tenantId, codes);
    expect(byCode(rebuilt.tracks)).toEqual(byCode(expected.tracks));
    expect(byCode(rebuilt.releases)).toEqual(byCode(expected.releases));
    expect((await keptRows(world.a.tenantId)).map(({ track_id, isrc }) => ({ track_id, isrc }))).toEqual(
      keptBefore.map(({ track_id, isrc }) => ({ track_id, isrc })),
    );

    // A report's codes, barcodes written in other forms and codes nobody has, tie to the same recordings either way.
    const reportIsrcs = [...codes.isrcs, 'QZZZZ0000001'];
    const reportUpcs = [`0${single.upc}`, ep.upc, '000000000000'];
    const viaCatalogue = await matchCodes(
      catalogueClient(serviceCaller(nc, world.platform.subjectPrefix, 10_000)),
      systemPrincipal(world.a.tenantId, 'test'),
      reportIsrcs,
      reportUpcs,
    );
    const viaKept = await matchReportCodes(orm.em.fork(), world.a.tenantId, reportIsrcs, reportUpcs);
    expect(viaKept).toEqual(viaCatalogue);
    expect(viaKept.tracks.size).toBe(4);
    expect(viaKept.releases.size).toBe(2);
  }, 180_000);

  it('rebuilds only the tenant named', async () => {
    await keptAsCatalogue(world.b.tenantId, codesOf(await makeRelease(echo, 1)));
    await world.db.query(`delete from "analytics"."recording_track_code"`);
    await world.db.query(`delete from "analytics"."recording_release_code"`);
    await world.platform.adminOk('analytics', 'rebuild-codes', '--tenant', world.b.slug);
    const tenants = await world.db.query(`select distinct "tenant_id" from "analytics"."recording_track_code"`);
    expect(tenants.rows).toEqual([{ tenant_id: world.b.tenantId }]);
  }, 120_000);

  // Last: it leaves the platform without its catalogue.
  it("matches a report's codes from its own copy, without asking the catalogue", async () => {
    const release = await makeRelease(world.a.nova, 2);
    await keptAsCatalogue(world.a.tenantId, codesOf(release));
    await world.platform.catalogue!.stop();

    const lines = release.tracks.map((track) => `2026-11-21,Tunes,GB,${track.isrc},${track.title},Nova,100,0,40,60`);
    const csv = ['date,store,territory,isrc,title,artist,streams,downloads,streams_standard,streams_premium', ...lines].join('\n');
    const report = await adminLoad(world, world.a.slug, await reportFile(world, 'tunes-codes-kept.csv', `${csv}\n`));
    expect(report.matched).toEqual({ isrc: 2, upc: 0, unmatched: 0 });
  }, 120_000);
});
