/**
 * Two gateway replicas behind one port (SV_HTTP_REUSE_PORT: both listen on it, the kernel spreads
 * connections over them), against one replica on that port, in one run: `GET /v1/artists/{uuid}`
 * under autocannon, requests/s and p99 each; then, with the spec's rate limits in force, a burst
 * of requests with one key through the shared port, which must get exactly the general limit
 * (120 a minute) of 200s, whichever replica answers each, and 429 for the rest.
 * stdout carries the table and one JSON line; progress goes to stderr.
 */
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon ships no type declarations; the part used here is typed below.
import autocannon from 'autocannon';
import { totalOf } from '@sv/platform';
import { apiClient, awaitRoomInRateWindow, freePort, scrapeServiceMetrics, startPlatform, type TestPlatform } from '@sv/testing';

type Autocannon = (
  options: { url: string; connections: number; duration: number; headers: Record<string, string> },
  callback: (error: Error | null, result: { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }) => void,
) => unknown;

const { values: flags } = parseArgs({ options: { connections: { type: 'string', default: '16' }, duration: { type: 'string', default: '10' } } });
const CONNECTIONS = Math.max(1, Math.min(1000, Number(flags.connections)));
const DURATION = Math.max(1, Math.min(600, Number(flags.duration)));
/** The spec's general rate: 120 requests a minute per access token. */
const GENERAL_LIMIT = 120;
const BURST = 200;

const progress = (line: string): void => void process.stderr.write(`bench: ${line}\n`);

const load = (url: string, key: string): Promise<{ rps: number; p50: number; p99: number; non2xx: number; errors: number }> =>
  new Promise((resolve, reject) => {
    (autocannon as Autocannon)({ url, connections: CONNECTIONS, duration: DURATION, headers: { authorization: `Bearer ${key}` } }, (error, result) =>
      error ? reject(error) : resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors }),
    );
  });

/** How many requests a gateway process has answered: the sum of its sv_http_requests_total series. */
const answered = async (platform: TestPlatform, index: number): Promise<number> =>
  totalOf(await scrapeServiceMetrics(platform.gateways[index]!.process), 'sv_http_requests_total');

let platform: TestPlatform | undefined;
try {
  const port = await freePort();
  const shared = { SV_HTTP_PORT: String(port), SV_HTTP_REUSE_PORT: '1' };
  progress(`starting a catalogue and two gateways sharing 127.0.0.1:${port}`);
  platform = await startPlatform({ gateways: 0, env: { SV_RATE_LIMIT_MULTIPLIER: '1000000' } });
  await platform.adminOk('tenant', 'create', '--slug', 'pair', '--name', 'Pair Label');
  const artist = String((await platform.adminOk('artist', 'create', '--tenant', 'pair', '--name', 'Pair Artist', '--slug', 'pair-artist')).artist.uuid);
  const loadKey = String((await platform.adminOk('key', 'create', '--tenant', 'pair', '--role', 'owner')).key);
  const url = `http://127.0.0.1:${port}/v1/artists/${artist}`;

  // One replica on the port, then a second joins it.
  await platform.startGateway(shared);
  const first = (await apiClient(`http://127.0.0.1:${port}`, loadKey)(`/v1/artists/${artist}`)).status;
  if (first !== 200) throw new Error(`the seeded artist answered ${first}`);
  progress('one replica: warm-up, then measured load');
  await load(url, loadKey);
  const one = await load(url, loadKey);
  await platform.startGateway(shared);
  progress('two replicas on the same port: warm-up, then measured load');
  await load(url, loadKey);
  const before = [await answered(platform, 0), await answered(platform, 1)];
  const two = await load(url, loadKey);
  const share = [(await answered(platform, 0)) - before[0]!, (await answered(platform, 1)) - before[1]!];

  // The spec's limits: both replicas again on the port, without the multiplier.
  progress('restarting both replicas with the spec’s rate limits');
  for (const gateway of platform.gateways.splice(0)) await gateway.process.stop();
  const exact = { ...shared, SV_RATE_LIMIT_MULTIPLIER: '1' };
  await platform.startGateway(exact);
  await platform.startGateway(exact);
  const burstKey = String((await platform.adminOk('key', 'create', '--tenant', 'pair', '--role', 'owner')).key);
  await awaitRoomInRateWindow(20_000);
  const burstApi = apiClient(`http://127.0.0.1:${port}`, burstKey);
  const answersBefore = [await answered(platform, 0), await answered(platform, 1)];
  const statuses = await Promise.all(Array.from({ length: BURST }, () => burstApi(`/v1/artists/${artist}`).then((response) => response.status)));
  const burstShare = [(await answered(platform, 0)) - answersBefore[0]!, (await answered(platform, 1)) - answersBefore[1]!];
  const ok = statuses.filter((status) => status === 200).length;
  const limited = statuses.filter((status) => status === 429).length;
  const exactToTheRequest = ok === GENERAL_LIMIT && limited === BURST - GENERAL_LIMIT;

  const row = (name: string, r: { rps: number; p50: number; p99: number; non2xx: number; errors: number }) =>
    `${name.padEnd(28)} ${r.rps.toFixed(1).padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.non2xx + r.errors).padStart(8)}`;
  process.stdout.write(
    [
      `gateway pair: GET /v1/artists/{uuid}, ${CONNECTIONS} connections, ${DURATION} s after a ${DURATION} s warm-up; Node ${process.version}`,
      `target                           req/s   p50 ms   p99 ms   failed`,
      row('one replica on the port', one),
      row('two replicas on the port', two),
      `two replicas: answered ${share[0]} and ${share[1]} of the measured requests`,
      `rate limit through the shared port: ${BURST} requests at once with one key: ${ok} answered 200, ${limited} 429 (replicas answered ${burstShare[0]} and ${burstShare[1]}); exact to the request: ${exactToTheRequest ? 'yes' : 'NO'}`,
      JSON.stringify({ bench: 'gateway-pair', connections: CONNECTIONS, duration_s: DURATION, one, two, share, burst: { sent: BURST, ok, limited, share: burstShare, exact: exactToTheRequest } }),
      '',
    ].join('\n'),
  );
  await platform.stop();
  process.exit(exactToTheRequest ? 0 : 1);
} catch (error) {
  progress(`failed: ${(error as Error).stack ?? String(error)}`);
  await platform?.stop();
  process.exit(1);
}
