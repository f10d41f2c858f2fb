import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Messages } from '@sv/contracts';
import { createGatewayClient } from '../src/app/gateway-client/gateway-client.ts';
import { buildRuleResources } from '../src/app/resources/rule-resources.ts';
import { TOOL_DOMAINS } from '../src/app/tools/tool-domains.ts';
import { buildToolDefinitions, type ToolDefinition } from '../src/app/tools/tool-definitions.ts';
import { createMcpApp } from '../src/http/app.ts';
import { BodyMessages, MAX_MESSAGE_DEPTH } from '../src/http/json-body.ts';
import { errorHandler } from '../src/http/json-rpc-errors.ts';

/*
 * The MCP HTTP edge over real HTTP, in front of a stand-in gateway (a local HTTP server): what
 * no body can do to it, and what a caller learns of a failure of the server itself.
 */

const logLines: Record<string, unknown>[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) });

/** What the stand-in gateway answers every request with. */
let gatewayBody = '{}';
const servers: Server[] = [];
let mcpUrl: string;
let gatewayRequests = 0;
let tools: ToolDefinition[];

const listen = async (server: Server): Promise<string> => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  const gatewayBase = await listen(
    createServer((req, res) => {
      gatewayRequests++;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end(gatewayBody);
    }),
  );
  tools = buildToolDefinitions();
  const deps = {
    tools,
    resources: buildRuleResources(tools),
    version: 'test',
    gateway: createGatewayClient({ urls: { production: `${gatewayBase}/v1`, sandbox: `${gatewayBase}/api/v1` }, timeoutMs: 60_000 }),
    fetchGuards: { allowPrivateUrls: false, timeoutMs: 60_000 },
    logger,
  };
  mcpUrl = `${await listen(createServer(createMcpApp({ deps, allowedHosts: [], maxBodyBytes: 8 * 1024 * 1024, logger })))}/mcp`;
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

const post = async (body: string, headers: Record<string, string> = {}) => {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer some-key', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { error?: { code: number; message: string; data?: unknown }; result?: any } };
};

/** A tools/call whose arguments hold a value nested `levels` deep (the arguments object itself is level 3). */
const callNested = (levels: number): string =>
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_artists","arguments":{"name":"A","slug":"a","bio":` +
  '['.repeat(levels - 3) +
  ']'.repeat(levels - 3) +
  '}}}';

describe('the MCP body', () => {
  it('refuses arguments nested 5,000 deep with a JSON-RPC error, before parsing and before any gateway call', async () => {
    const before = gatewayRequests;
    const answer = await post(callNested(5_000));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: -32600, message: BodyMessages.tooDeep });
    expect(JSON.stringify(answer.body)).not.toMatch(/call stack/i);
    expect(gatewayRequests).toBe(before);
  });

  it('lets a message nested exactly to the limit through to its tool', async () => {
    gatewayBody = '{"artist":{"name":"A"}}';
    const before = gatewayRequests;
    const answer = await post(callNested(MAX_MESSAGE_DEPTH));
    expect(answer.status).toBe(200);
    expect(answer.body.result.structuredContent).toEqual({ artist: { name: 'A' } });
    expect(gatewayRequests).toBe(before + 1);
    expect((await post(callNested(MAX_MESSAGE_DEPTH + 1))).body.error?.message).toBe(BodyMessages.tooDeep);
  });

  it('refuses JSON in a charset other than UTF-8', async () => {
    const answer = await post(callNested(4), { 'content-type': 'application/json; charset=utf-16le' });
    expect(answer.status).toBe(415);
    expect(answer.body.error).toEqual({ code: -32600, message: BodyMessages.notUtf8 });
  });
});

/** The names of the tools listed at a URL, by the SDK's client. */
const toolNamesAt = async (url: string): Promise<string[]> => {
  const client = new Client({ name: 'mcp-edge', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    return (await client.listTools()).tools.map((tool) => tool.name).sort();
  } finally {
    await client.close();
  }
};

describe('tool domains', () => {
  it('lists only a domain\'s tools at /mcp/<domain>, and the domains together list every tool once', async () => {
    const all = await toolNamesAt(mcpUrl);
    expect(all).toHaveLength(tools.length);
    const listed: string[] = [];
    for (const domain of TOOL_DOMAINS) {
      const names = await toolNamesAt(`${mcpUrl}/${domain}`);
      expect(names.length).toBeGreaterThan(0);
      expect(names).toEqual(tools.filter((tool) => tool.domain === domain).map((tool) => tool.name).sort());
      listed.push(...names);
    }
    expect(listed.sort()).toEqual(all);
  });

  it('calls a domain\'s tool at its URL, and knows no other tool there', async () => {
    gatewayBody = '{"artist":{"name":"B"}}';
    const url = mcpUrl;
    mcpUrl = `${url}/catalogue`;
    try {
      const answer = await post('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_artists","arguments":{"uuid":"3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"}}}');
      expect(answer.body.result.structuredContent).toEqual({ artist: { name: 'B' } });
      const elsewhere = await post('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_webhooks","arguments":{}}}');
      expect(elsewhere.body.result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('list_webhooks not found') }] });
    } finally {
      mcpUrl = url;
    }
  });

  it('answers an unknown domain with 404, and GET on a domain with 405', async () => {
    const unknown = await fetch(`${mcpUrl}/royalty`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain('/mcp/<domain>');
    const get = await fetch(`${mcpUrl}/catalogue`, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
  });
});

describe('a failure of the server itself', () => {
  it('answers a tool call with a generic message and a reference, and logs the detail under it', async () => {
    // A gateway answer nested past any serialiser's stack: the tool's result cannot be written.
    gatewayBody = '['.repeat(20_000) + ']'.repeat(20_000);
    const answer = await post('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_artists","arguments":{}}}');
    expect(answer.status).toBe(200);
    const result = answer.body.result as { isError: boolean; content: { text: string }[]; structuredContent?: unknown };
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const reference = /Reference: ([0-9A-F]{10})\.$/.exec(result.content[0]?.text ?? '')?.[1];
    expect(result.content[0]?.text).toBe(`${Messages.internalError} Reference: ${reference}.`);
    expect(JSON.stringify(answer.body)).not.toMatch(/call stack|RangeError/i);
    const logged = logLines.find((line) => line.reference === reference);
    expect(logged).toMatchObject({ msg: 'tool call failed', tool: 'list_artists', err: { message: expect.stringMatching(/call stack/i) } });
  });

  it('answers an error at the HTTP edge with a generic message and a reference', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
    app.use(errorHandler(logger));
    const base = await listen(createServer(app));
    const response = await fetch(`${base}/boom`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: number; message: string; data: { reference: string } } };
    expect(body.error).toEqual({ code: -32603, message: `${Messages.internalError} Reference: ${body.error.data.reference}.`, data: { reference: expect.stringMatching(/^[0-9A-F]{10}$/) } });
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(logLines.find((line) => line.reference === body.error.data.reference)).toMatchObject({ err: { message: expect.stringContaining('hunter2') } });
  });
});
