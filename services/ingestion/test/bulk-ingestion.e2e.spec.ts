import { Messages } from '@sv/contracts';
import { finishedJob, releaseBody, useIngestionWorld } from './support/ingestion-world.ts';

/*
 * POST /ingestion/bulk through the gateway: a batch of at most 200 releases is queued as one job
 * and imported by the worker, each release on its own.
 */

const world = useIngestionWorld();

const titlesOf = async (releaseIds: string[]): Promise<string[]> =>
  Promise.all(releaseIds.map(async (id) => String((await world.a.artist(`/v1/releases/${id}`)).body.release.title)));

describe('POST /ingestion/bulk', () => {
  it('refuses 201 releases with 413 and the spec message, and queues nothing', async () => {
    const before = Number((await world.a.artist('/v1/ingestion/jobs?source=bulk&per_page=1')).body.total);
    const releases = Array.from({ length: 201 }, () => releaseBody(1));
    const response = await world.a.artist('/v1/ingestion/bulk', { body: { releases } });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe(Messages.bulkLimit);
    expect(Number((await world.a.artist('/v1/ingestion/jobs?source=bulk&per_page=1')).body.total)).toBe(before);
  });

  it('imports a 200-release batch of 3 tracks each: 202 at once, progress while it runs, then completed with every release', async () => {
    const releases = Array.from({ length: 200 }, () => releaseBody(3));
    const response = await world.a.artist('/v1/ingestion/bulk', { body: { releases } });
    expect(response.status).toBe(202);
    expect(response.body.state).toBe('queued');

    const seen: { state: string; done: number }[] = [];
    const jobId = response.body.ingestion_job_id as string;
    const job = await finishedJob(world.a.artist, jobId, 90_000, (read) => seen.push({ state: read.state, done: read.progress.done }));
    expect(job).toMatchObject({ source: 'bulk', state: 'completed', items_total: 200, items_done: 200, items_failed: 0, validation_errors: {} });
    expect(job.release_ids).toHaveLength(200);
    expect(new Set(job.release_ids).size).toBe(200);
    // Progress is saved as the worker goes: some read saw the job part-way.
    expect(seen.some(({ state, done }) => state === 'importing' && done > 0 && done < 200)).toBe(true);
    expect(await titlesOf(job.release_ids.slice(0, 3))).toEqual(releases.slice(0, 3).map((release) => release.title));
  }, 120_000);

  it('takes a bare array too, and one bad release does not sink the batch: partially_completed with its errors at their paths', async () => {
    const releases = [releaseBody(2), releaseBody(2), releaseBody(1), { title: '' }];
    (releases[1]!.tracks as Record<string, unknown>[])[1]!.isrc = 'BAD';
    const response = await world.a.artist('/v1/ingestion/bulk', { body: releases });
    expect(response.status).toBe(202);
    const job = await finishedJob(world.a.artist, response.body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'partially_completed', items_total: 4, items_done: 2, items_failed: 2 });
    expect(Object.keys(job.validation_errors).sort()).toEqual(expect.arrayContaining(['releases[1].tracks[1].isrc', 'releases[3].title']));
    expect(await titlesOf(job.release_ids)).toEqual([releases[0]!.title, releases[2]!.title]);
  }, 60_000);

  it('fails the job when no release can be imported, and refuses an empty batch (422)', async () => {
    const response = await world.a.artist('/v1/ingestion/bulk', { body: { releases: [{ title: 'No type' }] } });
    expect(response.status).toBe(202);
    const job = await finishedJob(world.a.artist, response.body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'failed', items_done: 0, items_failed: 1, release_id: null });
    expect(job.error).toEqual(expect.any(String));
    expect((await world.a.artist('/v1/ingestion/bulk', { body: { releases: [] } })).status).toBe(422);
  }, 60_000);

  it('refuses owner keys (403) and lists, filters and isolates jobs', async () => {
    expect((await world.a.owner('/v1/ingestion/bulk', { body: [releaseBody(1)] })).status).toBe(403);

    const queued = await world.a.artist('/v1/ingestion/bulk', { body: [releaseBody(1)] });
    const jobId = queued.body.ingestion_job_id as string;
    await finishedJob(world.a.artist, jobId);

    const bulkCompleted = await world.a.artist('/v1/ingestion/jobs?source=bulk&state=completed&per_page=100');
    expect(bulkCompleted.status).toBe(200);
    expect(bulkCompleted.body.jobs.map((job: { uuid: string }) => job.uuid)).toContain(jobId);
    expect(bulkCompleted.body.jobs.every((job: { source: string; state: string }) => job.source === 'bulk' && job.state === 'completed')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = await world.a.artist(`/v1/ingestion/jobs?from=${today}&to=${today}&per_page=100`);
    expect(inRange.body.jobs.map((job: { uuid: string }) => job.uuid)).toContain(jobId);
    const before = await world.a.artist('/v1/ingestion/jobs?to=2000-01-01');
    expect(before.body.total).toBe(0);
    expect((await world.a.artist(`/v1/ingestion/jobs?from=${today}&to=2000-01-01`)).status).toBe(422);
    expect((await world.a.artist('/v1/ingestion/jobs?state=sleeping')).status).toBe(422);

    // Cursor mode walks the same jobs.
    const firstPage = await world.a.artist('/v1/ingestion/jobs?cursor=&per_page=1');
    expect(firstPage.body.meta).toMatchObject({ mode: 'cursor', per_page: 1, has_more: true });

    // Another tenant neither reads nor lists it.
    expect((await world.b.artist(`/v1/ingestion/jobs/${jobId}`)).status).toBe(404);
    const theirs = await world.b.artist('/v1/ingestion/jobs?per_page=100');
    expect(theirs.body.jobs.map((job: { uuid: string }) => job.uuid)).not.toContain(jobId);
  }, 60_000);
});
