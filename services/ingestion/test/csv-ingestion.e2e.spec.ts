import { readFileSync } from 'node:fs';
import { Messages } from '@sv/contracts';
import { finishedJob, suffix, useIngestionWorld, type Api } from './support/ingestion-world.ts';

/*
 * POST /ingestion/csv through the gateway: a file of one row per track is queued as a job whose
 * releases read back with their tracks; a header without the required columns is refused at the
 * door and queues nothing; a bad row fails its release only, reported at its cell.
 */

const world = useIngestionWorld();

const HEADER = 'upc,title,type,release_date,genre,artist_name,track_title,track_position,explicit,isrc,duration';

const digits = (count: number): string => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/** A UPC-A of random digits with its GS1 check digit, so each run's releases are new to the tenant. */
const freshUpc = (): string => {
  const body = digits(11);
  const sum = [...body].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
};
const freshIsrc = (): string => `QZCSV${new Date().getUTCFullYear() % 100}${digits(5)}`;

const postCsv = (api: Api, text: string, field = 'releases_csv', filename = 'releases.csv') => {
  const form = new FormData();
  form.append(field, new Blob([text], { type: 'text/csv' }), filename);
  return api('/v1/ingestion/csv', { method: 'POST', raw: form });
};

const csvJobs = async (api: Api): Promise<number> => Number((await api('/v1/ingestion/jobs?source=csv&per_page=1')).body.total);

describe('POST /ingestion/csv', () => {
  it('imports a two-release CSV: 202, then a completed job whose releases read back with their tracks', async () => {
    const [upc, ep, single] = [freshUpc(), `CSV EP ${suffix()}`, `CSV Single ${suffix()}`];
    const isrcs = [freshIsrc(), freshIsrc(), freshIsrc()];
    const text = [
      HEADER,
      `${upc},${ep},ep,2027-03-05,Electronic,Nova,"Opening, Part 1",1,false,${isrcs[0]},3:35`,
      `,${single},single,2027-04-09,Pop,Nova,${single},,yes,${isrcs[2]},180`,
      `${upc},${ep},ep,2027-03-05,Electronic,Nova,Closing,2,no,${isrcs[1]},241`,
    ].join('\r\n');
    const response = await postCsv(world.a.artist, text);
    expect(response.status).toBe(202);
    expect(response.body.state).toBe('queued');

    const job = await finishedJob(world.a.artist, response.body.ingestion_job_id);
    expect(job.validation_errors).toEqual({});
    expect(job).toMatchObject({ source: 'csv', state: 'completed', items_total: 2, items_done: 2, items_failed: 0 });
    expect(job.files).toEqual([{ name: 'releases.csv', size: Buffer.byteLength(text), checksum: expect.stringMatching(/^[0-9a-f]{64}$/), detected_type: 'text/csv' }]);
    expect(job.release_ids).toHaveLength(2);

    const [epRelease, singleRelease] = await Promise.all(job.release_ids.map(async (id: string) => (await world.a.artist(`/v1/releases/${id}`)).body.release));
    expect(epRelease).toMatchObject({ title: ep, type: 'ep', upc, release_date: '2027-03-05', genre: 'Electronic', status: 'draft' });
    expect(singleRelease).toMatchObject({ title: single, type: 'single', genre: 'Pop' });
    const tracksOf = async (id: string) => (await world.a.artist(`/v1/releases/${id}/tracks`)).body.tracks as Record<string, unknown>[];
    expect((await tracksOf(epRelease.uuid)).map(({ title, position, isrc, explicit, duration }) => ({ title, position, isrc, explicit, duration }))).toEqual([
      { title: 'Opening, Part 1', position: 1, isrc: isrcs[0], explicit: false, duration: 215 },
      { title: 'Closing', position: 2, isrc: isrcs[1], explicit: false, duration: 241 },
    ]);
    expect(await tracksOf(singleRelease.uuid)).toEqual([expect.objectContaining({ title: single, position: 1, isrc: isrcs[2], explicit: true, duration: 180 })]);
  }, 60_000);

  it('refuses a header without track_title (422 with the spec message) and queues nothing', async () => {
    const before = await csvJobs(world.a.artist);
    const response = await postCsv(world.a.artist, `title,type,release_date,genre\nNo Tracks ${suffix()},single,2027-03-05,Pop\n`);
    expect(response.status).toBe(422);
    expect(response.body.error).toBe(Messages.csvHeader);
    expect(response.body.errors).toEqual({ releases_csv: [Messages.csvHeader] });
    expect(await csvJobs(world.a.artist)).toBe(before);
  });

  it('imports the good releases of a file with one bad row: partially_completed, the bad row at row N, column isrc', async () => {
    const [first, broken, last] = [`CSV Good ${suffix()}`, `CSV Broken ${suffix()}`, `CSV Good ${suffix()}`];
    const text = [
      HEADER,
      `,${first},single,2027-03-05,Pop,Nova,${first},1,false,,`,
      `,${broken},ep,2027-03-05,Pop,Nova,Fine,1,false,,`,
      `,${broken},ep,2027-03-05,Pop,Nova,Not Fine,2,false,NOT-AN-ISRC,`,
      `,${last},single,2027-03-05,Pop,Nova,${last},1,false,,`,
    ].join('\n');
    const response = await postCsv(world.a.artist, text);
    expect(response.status).toBe(202);
    const job = await finishedJob(world.a.artist, response.body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'partially_completed', items_total: 3, items_done: 2, items_failed: 1 });
    expect(Object.keys(job.validation_errors)).toEqual(['row 4, column isrc']);
    const titles = await Promise.all(job.release_ids.map(async (id: string) => (await world.a.artist(`/v1/releases/${id}`)).body.release.title));
    expect(titles).toEqual([first, last]);
  }, 60_000);

  it("places the catalogue's refusal (an ISRC already in use) at its row and column too", async () => {
    const taken = freshIsrc();
    const [owner, clash] = [`CSV Owner ${suffix()}`, `CSV Clash ${suffix()}`];
    const first = await postCsv(world.a.artist, `${HEADER}\n,${owner},single,2027-03-05,Pop,Nova,${owner},1,false,${taken},\n`);
    expect((await finishedJob(world.a.artist, first.body.ingestion_job_id)).state).toBe('completed');
    const text = [HEADER, `,${clash},ep,2027-03-05,Pop,Nova,Fresh,1,false,,`, `,${clash},ep,2027-03-05,Pop,Nova,Again,2,false,${taken},`].join('\n');
    const job = await finishedJob(world.a.artist, (await postCsv(world.a.artist, text)).body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'failed', items_failed: 1 });
    expect(Object.keys(job.validation_errors)).toEqual(['row 3, column isrc']);
  }, 60_000);

  it('imports the downloadable template with a roster key: both releases, under one artist created once by name', async () => {
    // The template's artist, renamed to one the tenant does not have: both releases ask for it at once.
    const newcomer = `Newcomer ${suffix()}`;
    const template = readFileSync(new URL('../../../docs/ingestion-template.csv', import.meta.url), 'utf8').replaceAll(',,Nova,', `,,${newcomer},`);
    expect(template).toContain(newcomer);
    const job = await finishedJob(world.a.roster, (await postCsv(world.a.roster, template)).body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'completed', items_done: 2, items_failed: 0 });
    const artists = await Promise.all(job.release_ids.map(async (id: string) => (await world.a.roster(`/v1/releases/${id}`)).body.release.artist_id));
    expect(new Set(artists).size).toBe(1);
    const named = (await world.a.roster('/v1/artists?per_page=100')).body.artists.filter((artist: { name: string }) => artist.name === newcomer);
    expect(named).toHaveLength(1);
  }, 60_000);

  it('refuses owner keys (403) and queues nothing; a roster key names the artist with artist_name', async () => {
    const title = `CSV Roster ${suffix()}`;
    const text = `${HEADER}\n,${title},single,2027-03-05,Pop,Nova,${title},1,false,,\n`;
    const before = await csvJobs(world.a.artist);
    expect((await postCsv(world.a.owner, text)).status).toBe(403);
    expect(await csvJobs(world.a.artist)).toBe(before);

    const response = await postCsv(world.a.roster, text);
    expect(response.status).toBe(202);
    const job = await finishedJob(world.a.roster, response.body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'completed', items_done: 1 });
    expect((await world.a.roster(`/v1/releases/${job.release_id}`)).body.release).toMatchObject({ title, artist_id: world.a.artistId });
  }, 60_000);
});
