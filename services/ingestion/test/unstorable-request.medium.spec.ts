import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { IngestionOperation, Messages, apiSubject, type ServiceRequest } from '@sv/contracts';
import { TextSafetyMessages, type NatsConnection } from '@sv/platform';
import { connectTestNats, startPlatform, type TestPlatform } from '@sv/testing';

/*
 * The ingestion service as a real process on the real bus and Postgres, asked directly over NATS
 * (past the gateway's own check): a bulk batch whose text holds NUL or a lone surrogate is the
 * spec's 422 per field from the kit's RPC server, and no job is written. Without that check the
 * batch reached Postgres, which cannot store it (a 500).
 */

let platform: TestPlatform;
let nc: NatsConnection;
let sql: pg.Client;

const principal: ServiceRequest['principal'] = {
  tenant_id: randomUUID(),
  tenant_slug: 'raw-bus',
  role: 'artist',
  actor: { type: 'api_key', id: 'key-raw' },
  artist_id: randomUUID(),
  roster: false,
};

beforeAll(async () => {
  platform = await startPlatform({ catalogue: false, gateways: 0 });
  await platform.startIngestion();
  nc = await connectTestNats(platform.environment);
  sql = new pg.Client({ connectionString: platform.db.url });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await nc?.drain();
  await platform?.stop();
});

/** A bulk request as JSON text on the wire, its body given as JSON text (escapes arrive as the characters). */
const bulk = async (bodyJson: string): Promise<{ status: number; body: any }> => {
  const request = `{"operation":"${IngestionOperation.bulk}","principal":${JSON.stringify(principal)},"body":${bodyJson}}`;
  return (await nc.request(apiSubject(platform.subjectPrefix, 'ingestion'), request, { timeout: 30_000 })).json();
};

const jobCount = async (): Promise<number> => Number((await sql.query('select count(*) as n from "ingestion"."ingestion_job"')).rows[0].n);

describe('a raw NATS request to ingestion with text Postgres cannot store', () => {
  it('a NUL in a release title is a 422 naming the field, and no job is written', async () => {
    const reply = await bulk('{"releases":[{"title":"Night\\u0000Drive","type":"single","release_date":"2027-01-01","genre":"Pop","tracks":[]}]}');
    expect(reply).toEqual({
      status: 422,
      headers: {},
      body: { success: false, error: Messages.validationFailed, errors: { 'releases.0.title': [TextSafetyMessages.nul('releases.0.title')] } },
    });
    expect(await jobCount()).toBe(0);
  });

  it('a lone surrogate in a track title is refused the same way', async () => {
    const reply = await bulk('{"releases":[{"title":"Fine","tracks":[{"title":"\\udc00"}]}]}');
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ 'releases.0.tracks.0.title': [TextSafetyMessages.loneSurrogate('releases.0.tracks.0.title')] });
    expect(await jobCount()).toBe(0);
  });

  it('a request with storable text still reaches the operation, which answers for itself', async () => {
    const reply = await bulk('{"releases":"not a list"}');
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ releases: ['Send the releases as an array, or as {"releases": [...]}.'] });
  });
});
