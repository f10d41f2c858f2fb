import { readFileSync } from 'node:fs';
import { finishedJob, suffix, useIngestionWorld, type Api } from './support/ingestion-world.ts';

/*
 * Through the gateway, every file channel checks its text where it enters: a CSV cell or a DDEX
 * text holding NUL fails its job at once (state failed, the job error naming the row and column
 * or the element), and nothing is created; it used to reach the catalogue as a 500 and the job
 * was retried. And the ERN 3.8.2 message a store-facing processor sends, naming one recording
 * twice in its release, imports as one track with a warning instead of a duplicate ISRC.
 */

const world = useIngestionWorld();

const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const sample = (path: string): string => readFileSync(new URL(path, SAMPLES), 'utf8');

const postCsv = (api: Api, text: string) => {
  const form = new FormData();
  form.append('releases_csv', new Blob([text], { type: 'text/csv' }), 'releases.csv');
  return api('/v1/ingestion/csv', { method: 'POST', raw: form });
};
const postXml = (api: Api, xml: string) => api('/v1/ingestion/ddex', { method: 'POST', raw: xml, headers: { 'content-type': 'application/xml' } });
const releaseCount = async (api: Api): Promise<number> => Number((await api('/v1/releases?per_page=1')).body.total);

describe('text that cannot be stored, through the file channels', () => {
  it('a CSV with a NUL in a cell: the job fails at once, its error naming the row and column, and no release is made', async () => {
    const api = world.a.artist;
    const before = await releaseCount(api);
    const text = ['title,type,release_date,genre,track_title,explicit', `Clean ${suffix()},single,2027-03-05,Pop,Fine,no`, `Dirty ${suffix()},single,2027-03-05,Pop,Bad\u0000Title,no`, ''].join('\n');
    const response = await postCsv(api, text);
    expect(response.status).toBe(202);
    const job = await finishedJob(api, response.body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'failed', items_done: 0, release_ids: [] });
    expect(job.error).toContain('row 3, column track_title');
    expect(Object.keys(job.validation_errors)).toEqual(['row 3, column track_title']);
    expect(await releaseCount(api)).toBe(before);
  }, 90_000);

  it('a DDEX message with a NUL in a title: the job fails at once naming the element, and no release is made', async () => {
    const api = world.a.artist;
    const before = await releaseCount(api);
    const xml = sample('ern382/audius_track_basic.xml').replace(
      '<ReleaseReference>RL1</ReleaseReference>\n      <ReferenceTitle>\n        <TitleText>Example Song</TitleText>',
      '<ReleaseReference>RL1</ReleaseReference>\n      <ReferenceTitle>\n        <TitleText>Example\u0000Song</TitleText>',
    );
    expect(xml).toContain('Example\u0000Song');
    const response = await postXml(api, xml);
    expect(response.status).toBe(202);
    const job = await finishedJob(api, response.body.ingestion_job_id);
    expect(job).toMatchObject({ state: 'failed', items_done: 0, release_ids: [] });
    expect(job.error).toContain('/NewReleaseMessage/ReleaseList/Release/ReferenceTitle/TitleText');
    expect(Object.keys(job.validation_errors)).toEqual(['/NewReleaseMessage/ReleaseList/Release/ReferenceTitle/TitleText']);
    expect(await releaseCount(api)).toBe(before);
  }, 90_000);
});

describe('ERN 3.8.2 naming one recording twice in its ReleaseResourceReferenceList', () => {
  it('imports the Audius album fixture as one release with one track, the repeat a warning on the job', async () => {
    const xml = sample('ern382/audius_album_basic.xml');
    const isrcs = [...xml.matchAll(/<ISRC>([^<]+)<\/ISRC>/g)].map((match) => match[1]!);
    const api = world.a.roster;
    const response = await postXml(api, xml);
    expect(response.status).toBe(202);
    const job = await finishedJob(api, response.body.ingestion_job_id);
    expect(job.validation_errors).toEqual({});
    expect(job).toMatchObject({ state: 'completed', items_done: 1, items_failed: 0 });
    expect(job.warnings).toEqual({
      '/NewReleaseMessage/ReleaseList/Release': [expect.stringContaining('/ReleaseResourceReferenceList/ReleaseResourceReference[2]: ReleaseResourceReference "A1"')],
    });
    const tracks = (await api(`/v1/releases/${job.release_id}/tracks`)).body.tracks as { isrc: string }[];
    expect(tracks.map((track) => track.isrc)).toEqual(isrcs);
  }, 90_000);
});
