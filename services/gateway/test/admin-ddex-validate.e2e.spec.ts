import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { NatsConnection } from '@nats-io/transport-node';
import { apiSubject } from '@sv/contracts';
import { callService } from '@sv/platform';
import { connectTestNats, startPlatform, type TestPlatform } from '@sv/testing';
import type { AdminContext } from '../src/admin/admin-commands.ts';
import { ddexValidateCommand } from '../src/admin/admin-ddex-validate.ts';

/*
 * `ddex validate --file FILE` against a running ingestion service over the bus: the report of a
 * valid message, and a failing run (with the report kept) for a broken one.
 */

let platform: TestPlatform;
let nc: NatsConnection;
let dir: string;
let context: AdminContext;

const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const sample = (path: string): string => readFileSync(new URL(path, SAMPLES), 'utf8');

beforeAll(async () => {
  platform = await startPlatform({ catalogue: false, ingestion: true });
  nc = await connectTestNats();
  dir = await mkdtemp(join(tmpdir(), 'ddex-validate-'));
  // The command asks one service and uses nothing else of the operator's context.
  context = {
    ask: (service, request, timeoutMs) => callService(nc, apiSubject(platform.subjectPrefix, service), request, timeoutMs),
  } as Pick<AdminContext, 'ask'> as AdminContext;
}, 120_000);

afterAll(async () => {
  await nc?.close();
  await platform?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const fileWith = async (name: string, text: string): Promise<string> => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};

describe('ddex validate', () => {
  it('prints the report of a valid message and succeeds', async () => {
    const run = await ddexValidateCommand.run(context, { file: await fileWith('audio.xml', sample('ern43/1_Audio.xml')) });
    expect(run.problem).toBeUndefined();
    expect(run.result).toEqual({ message_type: 'NewReleaseMessage', ern_version: '4.3', profile: 'Audio', profile_checked: true, valid: true, xsd_errors: [], findings: [] });
    expect(run.text).toBe('NewReleaseMessage ERN 4.3, profile Audio: valid');
  });

  it('fails for a message with a schema error, keeping the report and naming the line', async () => {
    const broken = sample('ern42/4_SimpleAudioSingle.xml').replace(/<MessageCreatedDateTime>[^<]*<\/MessageCreatedDateTime>/, '');
    const run = await ddexValidateCommand.run(context, { file: await fileWith('broken.xml', broken) });
    expect(run.problem).toMatch(/not valid: 1 schema error/);
    expect(run.result).toMatchObject({ ern_version: '4.2', valid: false });
    expect(run.text).toMatch(/^NewReleaseMessage ERN 4\.2, profile SimpleAudioSingle: NOT valid\n {2}schema line \d+ \/NewReleaseMessage\/MessageHeader.*MessageCreatedDateTime/);
  });

  it('refuses a file that is not an ERN message, and one that does not exist', async () => {
    await expect(ddexValidateCommand.run(context, { file: await fileWith('note.txt', 'hello') })).rejects.toThrow('File is not a recognisable DDEX ERN NewReleaseMessage.');
    await expect(ddexValidateCommand.run(context, { file: join(dir, 'absent.xml') })).rejects.toThrow('is not a readable file');
  });
});
