import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DownloadFailure, downloadGuarded, type DownloadGuards } from '../src/index.ts';

/*
 * A download that trickles (a byte now and then, never finishing within any lease) stops when its
 * signal is aborted: the connection is cut and the download rejects with the signal's reason,
 * which a job's worker tells apart from a fault of the file.
 */
describe('a guarded download with a signal', () => {
  let server: Server;
  let url: string;
  let closedByClient = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/wav' });
      const timer = setInterval(() => {
        response.write(Buffer.from([0]));
      }, 20);
      response.on('close', () => {
        clearInterval(timer);
        closedByClient++;
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow.wav`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const guards = (signal?: AbortSignal): DownloadGuards => ({
    maxBytes: 1024 * 1024,
    maxRedirects: 0,
    timeoutMs: 600_000,
    isAllowedAddress: undefined,
    accept: '*/*',
    userAgent: 'test',
    signal,
  });

  it('cuts the connection and rejects with the reason once the signal is aborted mid-body', async () => {
    const controller = new AbortController();
    const reason = new Error('the lease was lost');
    const closedBefore = closedByClient;
    const download = downloadGuarded(url, guards(controller.signal), async (body) => {
      let received = 0;
      for await (const chunk of body) {
        received += (chunk as Buffer).length;
        if (received === 3) controller.abort(reason);
      }
      return received;
    });
    await expect(download).rejects.toBe(reason);
    // The server sees its response closed by the client (it would trickle for ever otherwise).
    for (let waited = 0; closedByClient === closedBefore && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closedByClient).toBe(closedBefore + 1);
  });

  it('starts nothing for a signal already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopping'));
    const requestsBefore = closedByClient;
    await expect(downloadGuarded(url, guards(controller.signal), async () => 'read')).rejects.toThrow('stopping');
    expect(closedByClient).toBe(requestsBefore);
  });

  it('is a download failure of the file, not the signal, when no signal is aborted', async () => {
    await expect(downloadGuarded(url, { ...guards(), maxBytes: 2 }, async (body) => body.toArray())).rejects.toBeInstanceOf(DownloadFailure);
  });
});
