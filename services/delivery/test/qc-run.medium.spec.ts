import { randomUUID } from 'node:crypto';
import type { EffectiveStoreConfig, ReleaseSnapshot } from '@sv/contracts';
import type { CataloguePort, ReleaseCommand, SupplyChainPort } from '../src/app/ports.ts';
import { claimQcRun, postponeQcRun, queueQcRun, runQc, type QcDeps } from '../src/app/qc/qc.service.ts';
import { openDeliverySchema, silentLogger, storedRelease, type DeliverySchema } from './support/delivery-schema.ts';

/*
 * A QC run on a real delivery schema, with the release's real stored audio decoded by ffmpeg:
 * what it tells the catalogue, what it records, and how it stands aside when the release moved on.
 */

let schema: DeliverySchema;
const tenantId = randomUUID();
let release: ReleaseSnapshot;

/** The catalogue as seen from QC: the release to check, and the commands QC sent it. */
const sent: { command: ReleaseCommand; reason?: string | undefined }[] = [];
let verdict: 'done' | 'refused' = 'done';
const catalogue: CataloguePort = {
  snapshot: async () => release,
  command: async (_tenant, _release, command, reason) => {
    sent.push({ command, reason });
    return verdict;
  },
};
let stores: EffectiveStoreConfig[] = [];
const supplyChain: SupplyChainPort = { resolvedConfig: async () => stores };

const deps = (): QcDeps => ({
  blobs: schema.blobs,
  binaries: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' },
  maxAudioBytes: 100 * 1024 * 1024,
  catalogue,
  supplyChain,
  logger: silentLogger,
});

const run = async () => {
  await queueQcRun(schema.orm.em.fork(), tenantId, release.uuid, randomUUID());
  const claimed = await claimQcRun(schema.orm.em.fork(), 60_000);
  if (!claimed) throw new Error('no run to claim');
  const state = await runQc(schema.orm.em.fork(), deps(), claimed);
  const [row] = await schema.orm.em.fork().execute<{ state: string; checks: { code: string; passed: boolean }[]; reason: string | null }[]>(
    `select "state", "checks", "reason" from "delivery"."qc_run" where "id" = ?`,
    [claimed.id],
  );
  return { state, row };
};

beforeAll(async () => {
  schema = await openDeliverySchema('svqc');
}, 60_000);

afterAll(() => schema?.close());

beforeEach(() => {
  sent.length = 0;
  verdict = 'done';
  stores = [];
});

describe('a QC run', () => {
  it('passes a complete release with a clean 4-second 24-bit WAV and a 3000x3000 cover, and says so to the catalogue', async () => {
    release = await storedRelease(schema, tenantId, { status: 'qc_inspection' });
    const { state, row } = await run();
    expect(state).toBe('passed');
    expect(sent).toEqual([{ command: 'qc_pass', reason: undefined }]);
    expect(row?.checks.filter((check) => !check.passed)).toEqual([]);
    expect(row?.checks.map((check) => check.code)).toEqual(expect.arrayContaining(['audio_sample_rate', 'audio_loudness', 'artwork_size']));
  });

  it('fails the release for a store whose minimum length the audio does not meet, naming it', async () => {
    release = await storedRelease(schema, tenantId, { status: 'qc_inspection' });
    stores = [{ dsp: { slug: 'youtube_content_id' }, is_blocked: false } as EffectiveStoreConfig];
    const { state } = await run();
    expect(state).toBe('failed');
    expect(sent).toEqual([{ command: 'qc_fail', reason: expect.stringMatching(/the audio lasts 4\.00 s; at least 30 s is needed/) }]);
  });

  it('fails a release whose stored file is not audio, with ffmpeg’s reason', async () => {
    release = await storedRelease(schema, tenantId, { status: 'qc_inspection' });
    const track = release.tracks[0]!;
    release = { ...release, tracks: [{ ...track, audio: { ...track.audio!, key: release.artwork!.key } }] };
    const { state, row } = await run();
    expect(state).toBe('failed');
    expect(row?.reason).toMatch(/could not be decoded|sample rate/);
  });

  it('leaves a release that is no longer in QC inspection alone, and stands aside when the catalogue refuses', async () => {
    release = await storedRelease(schema, tenantId, { status: 'rejected' });
    expect((await run()).state).toBe('superseded');
    expect(sent).toEqual([]);

    release = { ...release, status: 'qc_inspection' };
    verdict = 'refused';
    expect((await run()).state).toBe('superseded');
    expect(sent).toEqual([{ command: 'qc_pass', reason: undefined }]);
  });

  it('queues one run per event, and a postponed run is not claimed before its time', async () => {
    const eventId = randomUUID();
    const releaseId = randomUUID();
    await queueQcRun(schema.orm.em.fork(), tenantId, releaseId, eventId);
    await queueQcRun(schema.orm.em.fork(), tenantId, releaseId, eventId);
    const [count] = await schema.orm.em.fork().execute<{ n: string }[]>(`select count(*) as "n" from "delivery"."qc_run" where "event_id" = ?`, [eventId]);
    expect(Number(count?.n)).toBe(1);
    const claimed = await claimQcRun(schema.orm.em.fork(), 60_000);
    expect(claimed?.releaseId).toBe(releaseId);
    await postponeQcRun(schema.orm.em.fork(), claimed!.id, 60_000);
    expect(await claimQcRun(schema.orm.em.fork(), 60_000)).toBeNull();
    await postponeQcRun(schema.orm.em.fork(), claimed!.id, -1_000);
    expect((await claimQcRun(schema.orm.em.fork(), 60_000))?.attempts).toBe(2);
  });
});
