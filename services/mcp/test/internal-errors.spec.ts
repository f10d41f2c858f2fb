import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { pino } from 'pino';
import { Messages } from '@sv/contracts';
import { redactInternalErrors } from '../src/http/internal-errors.ts';

/* What a caller learns when a handler of the MCP server throws something unexpected. */

const logLines: Record<string, unknown>[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) });

let client: Client;

beforeAll(async () => {
  const server = new McpServer({ name: 'internal-errors-test', version: '1' });
  server.registerResource('broken', 'sv://test/broken', {}, () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
  });
  server.registerResource('refused', 'sv://test/refused', {}, () => {
    throw new McpError(ErrorCode.InvalidParams, 'That page is not for you.');
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(redactInternalErrors(serverSide, logger));
  client = new Client({ name: 'internal-errors-test', version: '1' });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client.close();
});

describe('redactInternalErrors', () => {
  it('answers an unexpected error with a generic message and a reference, and logs the text under it', async () => {
    const failure = (await client.readResource({ uri: 'sv://test/broken' }).catch((error: unknown) => error)) as McpError;
    expect(failure).toBeInstanceOf(McpError);
    expect(failure.code).toBe(ErrorCode.InternalError);
    const { reference } = failure.data as { reference: string };
    expect(reference).toMatch(/^[0-9A-F]{10}$/);
    expect(failure.message).toContain(`${Messages.internalError} Reference: ${reference}.`);
    expect(failure.message).not.toContain('hunter2');
    expect(logLines.find((line) => line.reference === reference)).toMatchObject({ detail: expect.stringContaining('hunter2') });
  });

  it('keeps the message of a deliberate protocol error', async () => {
    const failure = (await client.readResource({ uri: 'sv://test/refused' }).catch((error: unknown) => error)) as McpError;
    expect(failure.code).toBe(ErrorCode.InvalidParams);
    expect(failure.message).toContain('That page is not for you.');
  });
});
