import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, baseEnvShape, parseEnv, startHealthServer, toBaseConfig } from '../src/index.ts';

/* The probe port has no authentication, so where it listens is the whole of its protection. */

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

const start = async (host?: string): Promise<AddressInfo> => {
  const server = await startHealthServer(0, async () => ({ ok: { ok: true } }), ...(host === undefined ? [] : [host]));
  servers.push(server);
  return server.address() as AddressInfo;
};

const probeHostOf = (raw: Record<string, string>): string => parseEnv(baseEnvShape, raw, toBaseConfig).probeHost;

describe('the probe and metrics listener', () => {
  it('listens on loopback only when no address is given', async () => {
    expect(await start()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
  });

  it('listens on the configured address only, not on every interface', async () => {
    // 127.0.0.2 is another local address (all of 127/8 is loopback on Linux), so the test runs anywhere.
    const { address, port } = await start('127.0.0.2');
    expect(address).toBe('127.0.0.2');
    expect((await fetch(`http://127.0.0.2:${port}/health/live`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
  });
});

describe('SV_PROBE_HOST', () => {
  it('is loopback when unset', () => {
    expect(probeHostOf({})).toBe('127.0.0.1');
  });

  it('takes the address a deployment names (the pod IP)', () => {
    expect(probeHostOf({ SV_PROBE_HOST: '10.42.0.17' })).toBe('10.42.0.17');
    expect(probeHostOf({ SV_PROBE_HOST: 'fd00::17' })).toBe('fd00::17');
  });

  it('refuses a value that is not an IP address, naming the variable', () => {
    expect(() => probeHostOf({ SV_PROBE_HOST: '$(POD_IP)' })).toThrow(ConfigError);
    expect(() => probeHostOf({ SV_PROBE_HOST: '' })).toThrow(/SV_PROBE_HOST: must be an IP address/);
  });
});
