import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { authenticatorFromFile } from '@sv/platform';
import { HARNESS_IDENTITY, REPO_ROOT, eventually, freePort, localBusCredentials, recordedNatsUrl } from '@sv/testing';

/*
 * The bring-up's bus step (ensure_bus in tools/dev/lib.sh) beside a NATS server the platform does
 * not own: that server is left running, and the platform's own authenticated server comes up on a
 * free port whose address is recorded in var/nats.env. Each run works in a checkout of its own
 * (lib.sh and the scripts linked into a temporary root, so var/ is its own) and a state directory
 * of its own, so the machine's real bus and record are never touched.
 */

interface Checkout {
  root: string;
  state: string;
  record: string;
}

const makeCheckout = async (): Promise<Checkout> => {
  const base = await mkdtemp(join(tmpdir(), 'sv-bring-up-'));
  const root = join(base, 'checkout');
  await mkdir(join(root, 'tools', 'dev'), { recursive: true });
  await mkdir(join(root, 'var'), { recursive: true });
  await symlink(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  await symlink(join(REPO_ROOT, 'tools', 'dev', 'lib.sh'), join(root, 'tools', 'dev', 'lib.sh'));
  await symlink(join(REPO_ROOT, 'tools', 'dev', 'src'), join(root, 'tools', 'dev', 'src'));
  return { root, state: join(base, 'state'), record: join(root, 'var', 'nats.env') };
};

/** Runs `source lib.sh; ensure_bus` in the checkout, as `npm start` and `npm test` do. */
const ensureBus = (checkout: Checkout, env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> =>
  new Promise((done) => {
    const { SV_NATS_URL: _url, SV_TEST_NATS_URL: _testUrl, SV_NATS_STATE_DIR: _state, ...inherited } = process.env;
    const child = spawn('bash', ['-c', 'set -euo pipefail; source tools/dev/lib.sh; ensure_bus'], {
      cwd: checkout.root,
      env: { ...inherited, SV_NATS_STATE_DIR: checkout.state, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => done({ code, stderr }));
  });

/** An unauthenticated nats-server without JetStream, as another project on the machine might run. */
const startForeignNats = async (): Promise<{ process: ChildProcess; url: string }> => {
  const port = await freePort();
  const child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const url = `nats://127.0.0.1:${port}`;
  await eventually('the foreign NATS server to accept connections', () => acceptsAnonymous(url));
  return { process: child, url };
};

const acceptsAnonymous = async (url: string): Promise<boolean> => {
  try {
    const nc = await connect({ servers: url, reconnect: false, timeout: 2_000 });
    await nc.close();
    return true;
  } catch {
    return false;
  }
};

/** The platform's own server: takes the checkout's harness credentials and has JetStream. */
const takesPlatformCredentials = async (url: string, state: string): Promise<boolean> => {
  const nc = await connect({ servers: url, reconnect: false, timeout: 5_000, authenticator: authenticatorFromFile(localBusCredentials('production', HARNESS_IDENTITY, state)) });
  try {
    await (await jetstreamManager(nc, { timeout: 5_000 })).getAccountInfo();
    return true;
  } finally {
    await nc.close();
  }
};

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the bring-up beside a NATS server it does not own', () => {
  let checkout: Checkout;
  let foreign: { process: ChildProcess; url: string };

  beforeEach(async () => {
    checkout = await makeCheckout();
    foreign = await startForeignNats();
  });

  afterEach(async () => {
    // Only what this test started: the platform server the bring-up started in its own state directory, and the foreign one.
    const pidFile = join(checkout.state, 'nats-server.pid');
    if (existsSync(pidFile)) {
      const pid = Number((await readFile(pidFile, 'utf8')).trim());
      if (running(pid)) process.kill(pid, 'SIGTERM');
    }
    foreign.process.kill('SIGTERM');
    await rm(join(checkout.root, '..'), { recursive: true, force: true });
  });

  it('leaves the foreign server running and starts its own on a free port, recorded under var/', async () => {
    // The address the scripts would use (recorded by an earlier bring-up) now holds the foreign server.
    await writeFile(checkout.record, `SV_NATS_URL=${foreign.url}\n`);

    const { code, stderr } = await ensureBus(checkout);
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.stringContaining('holds a server the platform does not own') });

    expect(foreign.process.exitCode).toBeNull();
    expect(running(foreign.process.pid!)).toBe(true);
    expect(await acceptsAnonymous(foreign.url)).toBe(true);

    const recorded = recordedNatsUrl(checkout.record);
    expect(recorded).toMatch(/^nats:\/\/127\.0\.0\.1:\d+$/);
    expect(recorded).not.toBe(foreign.url);
    expect(await takesPlatformCredentials(recorded!, checkout.state)).toBe(true);
    // Authenticated, as every platform bus is: a connection without credentials is refused.
    expect(await acceptsAnonymous(recorded!)).toBe(false);
    const ownPid = Number((await readFile(join(checkout.state, 'nats-server.pid'), 'utf8')).trim());
    expect(ownPid).not.toBe(foreign.process.pid);
  }, 180_000);

  it('uses the recorded server on the next run instead of starting another', async () => {
    await writeFile(checkout.record, `SV_NATS_URL=${foreign.url}\n`);
    expect((await ensureBus(checkout)).code).toBe(0);
    const first = recordedNatsUrl(checkout.record);
    const firstPid = (await readFile(join(checkout.state, 'nats-server.pid'), 'utf8')).trim();

    const again = await ensureBus(checkout);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('starting the platform');
    expect(recordedNatsUrl(checkout.record)).toBe(first);
    expect((await readFile(join(checkout.state, 'nats-server.pid'), 'utf8')).trim()).toBe(firstPid);
    expect(running(foreign.process.pid!)).toBe(true);
  }, 240_000);

  it('refuses an explicit SV_NATS_URL naming the foreign server, naming the variable, and leaves it running', async () => {
    const { code, stderr } = await ensureBus(checkout, { SV_NATS_URL: foreign.url });
    expect(code).not.toBe(0);
    expect(stderr).toContain(`SV_NATS_URL (${foreign.url}) is a server the platform does not own`);
    expect(running(foreign.process.pid!)).toBe(true);
    expect(await acceptsAnonymous(foreign.url)).toBe(true);
    // Nothing was started and nothing recorded.
    expect(existsSync(join(checkout.state, 'nats-server.pid'))).toBe(false);
    expect(existsSync(checkout.record)).toBe(false);
  }, 180_000);
});
