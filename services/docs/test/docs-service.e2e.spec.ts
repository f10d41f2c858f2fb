import { parse } from 'yaml';
import type { ServiceProcess } from '@sv/testing';
import { SERVERS_ENV, startDocsProcess } from './support/docs-process.ts';

/* The docs service as a process: what a browser or a tool fetching the descriptions gets. */

let docs: { process: ServiceProcess; url: string };

beforeAll(async () => {
  docs = await startDocsProcess();
}, 60_000);

afterAll(async () => {
  await docs?.process.stop();
});

const get = (path: string) => fetch(`${docs.url}${path}`);
const json = async (path: string): Promise<any> => (await get(path)).json();

describe('the docs service', () => {
  it('serves the OpenAPI description as JSON, with the servers from its environment', async () => {
    const response = await get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document: any = await response.json();
    expect(document).toMatchObject({ openapi: '3.1.0', info: { version: '2026-05-18' } });
    expect(document.servers.map((server: { url: string }) => server.url)).toEqual([SERVERS_ENV.SV_PUBLIC_BASE_URL, SERVERS_ENV.SV_SANDBOX_BASE_URL]);
    expect(document.paths['/releases'].get.operationId).toBe('releases.list');
  });

  it('serves the same description as YAML', async () => {
    const [fromJson, yaml] = await Promise.all([json('/openapi.json'), get('/openapi.yaml')]);
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(parse(await yaml.text())).toEqual(fromJson);
  });

  it('serves the AsyncAPI description', async () => {
    const response = await get('/asyncapi.json');
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).asyncapi).toMatch(/^3\./);
  });

  it('serves the reference page and the renderer from this host only', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((found) => found[1]!);
    expect(sources.length).toBeGreaterThan(2);
    expect(sources.filter((source) => !source.startsWith('/'))).toEqual([]);
    for (const source of sources) expect([source, (await get(source)).status]).toEqual([source, 200]);
    expect(await (await get('/reference.js')).text()).toContain("url: '/openapi.json'");
  });

  it('answers its health probe, and 404 elsewhere', async () => {
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await get('/nothing-here')).status).toBe(404);
  });

  it('sends nosniff and a same-origin script policy on every answer', async () => {
    for (const path of ['/', '/openapi.json', '/openapi.yaml', '/asyncapi.json', '/health', '/nothing-here']) {
      const response = await get(path);
      expect([path, response.headers.get('x-content-type-options')]).toEqual([path, 'nosniff']);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('keeps an idle connection open longer than a client or load balancer does, so the client closes it', async () => {
    // Node's own 5 s made a reused connection fail ("other side closed") when a request met the server's close.
    expect((await get('/health')).headers.get('keep-alive')).toBe('timeout=65');
  });

  it('lets any origin read the descriptions', async () => {
    expect((await get('/openapi.json')).headers.get('access-control-allow-origin')).toBe('*');
  });
});
