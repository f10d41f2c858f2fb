import { freePort, localBusEnv, runAdmin, startPlatform, type TestPlatform } from '@sv/testing';

/** Each admin call starts a process; a busy machine needs more than jest's default 5 s per test. */
const ADMIN_TIMEOUT = 60_000;

interface ServiceStatus {
  service: string;
  ready: boolean | null;
  state: string;
  detail: string;
}

describe('the operator command: status, help and what a bus that does not answer says', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startPlatform({ supplyChain: true, webhooks: true, delivery: true, ingestion: true, royalties: true, analytics: true });
  }, 240_000);

  afterAll(async () => {
    await platform?.stop();
  });

  /** The operator command against this platform with some of its variables replaced. */
  const adminWith = (env: Record<string, string>, ...args: string[]) => runAdmin({ ...platform.env, ...localBusEnv('production', 'admin'), ...env }, args);

  it('--help prints the commands on stdout and exits 0', async () => {
    const result = await platform.adminCli('--help');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^ {2}status +Asks every service/m);
    expect(result.stdout).toMatch(/^ {2}tenant create +Creates a tenant/m);
    const usage = await platform.adminCli('key', 'create', '--help');
    expect(usage.code).toBe(0);
    expect(usage.stdout).toContain('--tenant');
    expect(usage.stdout).toContain('Example:');
  }, ADMIN_TIMEOUT);

  it('status, not on a terminal, prints one JSON document: every service is ready, exit 0', async () => {
    const result = await platform.adminCli('status');
    if (result.code !== 0) throw new Error(`status failed (${result.code}): ${result.stdout} ${result.stderr}`);
    const document = JSON.parse(result.stdout) as { ready: boolean; nats: string; environment: string; subject_prefix: string; services: ServiceStatus[] };
    expect(document).toMatchObject({ ready: true, nats: platform.env.SV_NATS_URL, environment: 'production', subject_prefix: platform.subjectPrefix });
    const byName = Object.fromEntries(document.services.map((status) => [status.service, status]));
    // Every service that answers on the bus, each by its own readiness checks (database and bus).
    expect(Object.keys(byName).sort()).toEqual(['analytics', 'catalogue', 'delivery', 'gateway', 'ingestion', 'royalties', 'supply-chain', 'webhooks']);
    for (const status of document.services) expect(status).toMatchObject({ ready: true, state: 'ready' });
  }, ADMIN_TIMEOUT);

  describe('with the royalties service stopped', () => {
    beforeAll(async () => {
      await platform.royalties!.stop();
    }, 60_000);

    it('status says royalties is not running and exits non-zero, the others still ready', async () => {
      const result = await platform.adminCli('status');
      expect(result.code).not.toBe(0);
      const document = JSON.parse(result.stdout) as { ready: boolean; services: ServiceStatus[] };
      expect(document.ready).toBe(false);
      const byName = Object.fromEntries(document.services.map((status) => [status.service, status]));
      expect(byName.royalties).toMatchObject({ ready: false, state: 'not_running' });
      expect(byName.catalogue).toMatchObject({ ready: true });
      expect(JSON.parse(result.stderr.trim().split('\n').at(-1)!).error).toMatch(/^Not ready: royalties /);
    }, ADMIN_TIMEOUT);

    it('a command for royalties names the NATS address, the environment and what to check', async () => {
      const result = await platform.adminCli('royalties', 'rebuild-codes');
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      const error = JSON.parse(result.stderr.trim().split('\n').at(-1)!).error as string;
      expect(error).not.toContain('Service temporarily unavailable');
      expect(error).toContain('royalties');
      expect(error).toContain(`NATS ${platform.env.SV_NATS_URL}`);
      expect(error).toContain('environment production');
      expect(error).toContain(`subject prefix ${platform.subjectPrefix}`);
      expect(error).toContain('npm start');
      expect(error).toContain('SV_NATS_URL');
      expect(error).toContain('status');
    }, ADMIN_TIMEOUT);
  });

  it('a NATS that cannot be reached is named as such, with its address and without its password', async () => {
    const port = await freePort();
    // The tenant is looked up before the bus is needed: it must exist.
    await platform.adminOk('tenant', 'create', '--slug', 'status-probe', '--name', 'Status Probe');
    const unreachable = await adminWith({ SV_NATS_URL: `nats://operator:s3cret-pass@127.0.0.1:${port}` }, 'artist', 'create', '--tenant', 'status-probe', '--name', 'X', '--slug', 'x');
    expect(unreachable.code).not.toBe(0);
    const message = JSON.parse(unreachable.stderr.trim().split('\n').at(-1)!).error as string;
    expect(message).toMatch(/^Cannot reach NATS at nats:\/\/\*\*\*@127\.0\.0\.1:\d+ /);
    expect(message).toContain('environment production');
    expect(message).toContain('npm start');
    expect(unreachable.stderr).not.toContain('s3cret-pass');
    expect(unreachable.stdout).toBe('');
  }, ADMIN_TIMEOUT);
});
