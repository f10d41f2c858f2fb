import { readFileSync } from 'node:fs';
import { poll } from '@sv/testing';
import { useIngestionWorld, type Api } from './support/ingestion-world.ts';

/*
 * A poisoned upload through the gateway: a DDEX message whose MessageHeader carries 500,000
 * attributes (about 6 MB, every attribute a schema problem). Such jobs end failed with the
 * problems reported (the first thousand, and how many more), and do not hold the job slots:
 * another tenant's job, queued after them, completes.
 */

const world = useIngestionWorld();

const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const sample = (path: string): string => readFileSync(new URL(path, SAMPLES), 'utf8');

const ATTRIBUTES = 500_000;
const KEPT_PROBLEMS = 1_000;

const poisoned = (): string => {
  const extra = Array.from({ length: ATTRIBUTES }, (_, index) => ` a${index}="x"`).join('');
  return sample('ern43/1_Audio.xml').replace('<MessageHeader', `<MessageHeader${extra}`);
};

const FINAL = ['completed', 'partially_completed', 'failed'];

/**
 * The job once final. A read the gateway answers 503 or 429 (the ingestion process busy taking a
 * 6 MB upload, the rate limit) is asked again, as a client would.
 */
const finalJob = (api: Api, jobId: string): Promise<Record<string, any>> =>
  poll(
    `job ${jobId} to end`,
    async () => {
      const response = await api(`/v1/ingestion/jobs/${jobId}`);
      if (response.status === 503 || response.status === 429) return undefined;
      if (response.status !== 200) throw new Error(`job read failed: ${response.status} ${response.text}`);
      return FINAL.includes(response.body.job.state) ? (response.body.job as Record<string, any>) : undefined;
    },
    180_000,
  );

const postXml = (api: Api, xml: string) => api('/v1/ingestion/ddex', { method: 'POST', raw: xml, headers: { 'content-type': 'application/xml' } });

describe('a poisoned DDEX upload', () => {
  it('ends failed with a bounded report, while another tenant queued behind it completes', async () => {
    const xml = poisoned();
    // More poisoned jobs than one process has job slots, queued before the other tenant's.
    const poisonedJobs: string[] = [];
    for (let upload = 0; upload < 3; upload += 1) {
      const response = await postXml(world.a.artist, xml);
      expect(response.status).toBe(202);
      poisonedJobs.push(response.body.ingestion_job_id);
    }
    const healthy = await postXml(world.b.artist, sample('ern43/4_SimpleAudioSingle.xml'));
    expect(healthy.status).toBe(202);

    const other = await finalJob(world.b.artist, healthy.body.ingestion_job_id);
    expect(other).toMatchObject({ state: 'completed', items_done: 1 });

    for (const jobId of poisonedJobs) {
      const job = await finalJob(world.a.artist, jobId);
      expect(job).toMatchObject({ state: 'failed', error: 'The DDEX message does not validate against its schema; see validation_errors.', release_ids: [] });
      const header = job.validation_errors['/NewReleaseMessage/MessageHeader'] as string[];
      expect(header).toHaveLength(KEPT_PROBLEMS);
      expect(header[0]).toContain("attribute 'a0'");
      expect(job.validation_errors['/']).toEqual([`... and ${ATTRIBUTES - KEPT_PROBLEMS} more problems`]);
    }
  }, 540_000);
});
