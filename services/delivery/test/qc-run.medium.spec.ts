import { randomUUID } from 'node:crypto';
import type { EffectiveStoreConfig, ReleaseSnapshot } from '@sv/contracts';
import { eventually } from '@sv/testing';
import type { CataloguePort, ReleaseCommand, SupplyChainPort } from '../src/app/ports.ts';
import { startQcWorker, type QcWorkerSettings } from '../src/app/qc/qc-worker.ts';
import { queueQcRun, type QcDeps } from '../src/app/qc/qc.service.ts';
import { openDeliverySchema, silentLogger, storedRelease, type DeliverySchema } from './support/delivery-schema.ts';

/*
 * A QC run, run by the real QC worker on a real delivery schema, with the release's real stored
 * audio decoded by ffmpeg: what it tells the catalogue, what it records, how it stands aside when
 * the release moved on, and how it is retried when the catalogue does not answer.
 */

let schema: DeliverySchema;
const tenantId = randomUUID();
let release: ReleaseSnapshot;

/** The catalogue as seen from QC: the release to check, and the commands QC sent it. */
const sent: { command: ReleaseCommand; reason?: string | undefined }[] = [];
let verdict: 'done' | 'refused' = 'done';
/** Snapshots that fail before the catalogue answers again (it is away). */
let unanswered = 0;
const catalogue: CataloguePort = {
  snapshot: async () => {
    if (unanswered > 0) {
      unanswered -= 1;
      throw new Error('catalogue.releases.snapshot did not answer within 10000 ms');
    }
    return release;
  },
  command: async (_tenant, _release, command, reason) => {
    sent.push({ command, reason });
    return verdict;
  },
};
let stores: EffectiveStoreConfig[] = [];
const supplyChain: SupplyChainPort = { resolvedConfig: async () => stores, overrideStore: async () => { throw new Error('not used here'); } };

const deps = (): QcDeps => ({
  blobs: schema.blobs,
  binaries: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' },
  maxAudioBytes: 100 * 1024 * 1024,
  catalogue,
  supplyChain,
  logger: silentLogger,
});

interface RunRow {
  id: string;
  state: string;
  attempts: number;
  checks: { code: string; passed: boolean }[];
  reason: string | null;
  last_error: string | null;
  finished_at: Date | null;
  claimed_until: Date | null;
}

const SETTINGS: QcWorkerSettings = { tickMs: 50, leaseMs: 60_000, maxAttempts: 3, retry: { baseMs: 1, capMs: 5 } };

/** Queues a run and lets the real QC worker take it until it is decided (or given up). */
const run = async (settings: QcWorkerSettings = SETTINGS) => {
  const eventId = randomUUID();
  await queueQcRun(schema.orm.em.fork(), tenantId, release.uuid, eventId);
  const worker = startQcWorker(schema.orm, deps(), settings, silentLogger);
  try {
    const row = await eventually('the QC run to end', async () => {
      const [found] = await schema.orm.em.fork().execute<RunRow[]>(
        `select "id", "state", "attempts", "checks", "reason", "last_error", "finished_at", "claimed_until" from "delivery"."qc_run" where "event_id" = ?`,
        [eventId],
      );
      // Decided, and the worker's lease let go.
      return found && !['queued', 'running'].includes(found.state) && found.claimed_until === null ? found : undefined;
    }, 60_000);
    return { state: row.state, row };
  } finally {
    await worker.stop();
  }
};

beforeAll(async () => {
  schema = await openDeliverySchema('svqc');
}, 60_000);

afterAll(() => schema?.close());

beforeEach(() => {
  sent.length = 0;
  verdict = 'done';
  stores = [];
  unanswered = 0;
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

  it('queues one run per event', async () => {
    const eventId = randomUUID();
    const releaseId = randomUUID();
    await queueQcRun(schema.orm.em.fork(), tenantId, releaseId, eventId);
    await queueQcRun(schema.orm.em.fork(), tenantId, releaseId, eventId);
    const [count] = await schema.orm.em.fork().execute<{ n: string }[]>(`select count(*) as "n" from "delivery"."qc_run" where "event_id" = ?`, [eventId]);
    expect(Number(count?.n)).toBe(1);
    await schema.orm.em.fork().execute(`delete from "delivery"."qc_run" where "event_id" = ?`, [eventId]);
  });

  it('tries a run again when the catalogue does not answer, and decides once it does', async () => {
    release = await storedRelease(schema, tenantId, { status: 'qc_inspection' });
    unanswered = 1;
    const { state, row } = await run();
    expect(state).toBe('passed');
    expect(row.attempts).toBe(2);
    expect(row.last_error).toBeNull();
    expect(sent).toEqual([{ command: 'qc_pass', reason: undefined }]);
  });

  it('gives a run up as dead after its attempts, with the last error, telling the catalogue nothing', async () => {
    release = await storedRelease(schema, tenantId, { status: 'qc_inspection' });
    unanswered = 100;
    const { state, row } = await run();
    expect(state).toBe('dead');
    expect(row).toEqual(expect.objectContaining({ attempts: 3, last_error: 'catalogue.releases.snapshot did not answer within 10000 ms', reason: null }));
    expect(row.finished_at).not.toBeNull();
    expect(sent).toEqual([]);
    expect(unanswered).toBe(97);
  });
});
