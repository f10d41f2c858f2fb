import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from '@sv/testing';

/**
 * Every runnable shell example of the README and the guides passes against the platform as
 * `npm start` brings it up (tools/dev/up.sh), so an example that drifts from the platform fails.
 * The platform binds its fixed ports (8080-8084): this test refuses to run beside one already
 * running rather than stop it.
 */
const PORTS = [8080, 8081, 8082, 8083, 8084];
const START_TIMEOUT_MS = 300_000;
const STOP_GRACE_MS = 60_000;
const RUN_TIMEOUT_MS = 900_000;

const answers = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

const tail = (text: string, lines = 60): string => text.trimEnd().split('\n').slice(-lines).join('\n');

let platform: ChildProcess | undefined;
let platformLog = '';
let exited: Promise<void> = Promise.resolve();

beforeAll(async () => {
  const busy = (await Promise.all(PORTS.map(async (port) => ((await answers(port)) ? port : undefined)))).filter((port) => port !== undefined);
  if (busy.length > 0) {
    throw new Error(
      `Port(s) ${busy.join(', ')} already answer: the platform (\`npm start\`) seems to be running on this machine. ` +
        'This test starts its own on the same fixed ports; stop the running one (Ctrl-C) and run the test again.',
    );
  }
  // `npm start` runs this script; started in its own process group so afterAll stops all of it.
  platform = spawn('bash', ['tools/dev/up.sh'], { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const child = platform;
  exited = new Promise((done) => child.once('close', () => done()));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`the platform did not come up within ${START_TIMEOUT_MS / 1000} s:\n${tail(platformLog)}`)), START_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      platformLog += chunk.toString();
      // Printed once every service answers and the demo keys are written.
      if (platformLog.includes('The platform is up.')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('close', (code) => {
      clearTimeout(timer);
      fail(new Error(`the platform exited (${code}) before it was up:\n${tail(platformLog)}`));
    });
  });
}, START_TIMEOUT_MS + 10_000);

afterAll(async () => {
  if (!platform?.pid || platform.exitCode !== null) return;
  const group = -platform.pid;
  // Ctrl-C, as a developer stops it; killed if it has not stopped within the grace period.
  process.kill(group, 'SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const stopped = await Promise.race([exited.then(() => true), new Promise<false>((done) => (timer = setTimeout(() => done(false), STOP_GRACE_MS)))]);
  clearTimeout(timer);
  try {
    process.kill(group, 'SIGKILL'); // whatever of the group is left, even after a clean stop
  } catch {
    /* the group is gone */
  }
  if (!stopped) {
    platform.stdout?.destroy();
    platform.stderr?.destroy();
    process.stderr.write(`the platform did not stop within ${STOP_GRACE_MS / 1000} s of SIGINT; its process group was killed\n`);
  }
}, STOP_GRACE_MS + 10_000);

it('runs every runnable shell example of the README and the guides without a failure', async () => {
  const run = spawn(join(REPO_ROOT, 'node_modules/.bin/node'), ['tools/dev/src/doc-examples.ts'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => run.once('close', done));
  // The runner's report names each file, the failing block and its output.
  expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('every example passed') });
  expect(output).toMatch(/^pass {2}README\.md {2}\d+\/\d+ blocks/m);
}, RUN_TIMEOUT_MS);
