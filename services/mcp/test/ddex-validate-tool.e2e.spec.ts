import { readFileSync } from 'node:fs';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawnServiceProcess, startPlatform, type ServiceProcess, type TestPlatform } from '@sv/testing';
import { apiErrorOf, callTool, mcpClients } from './support/mcp-clients.ts';

/*
 * POST /ddex/validate as an agent meets it: the tool the registry makes of the route, called
 * through the MCP server's own process in front of a platform with its gateway and ingestion.
 */

let platform: TestPlatform;
let mcp: ServiceProcess;
let mcpUrl: string;
let key: string;

const { connect, closeAll } = mcpClients('mcp-ddex-validate', () => mcpUrl);

const SAMPLES = new URL('../../../packages/ddex/test/fixtures/samples/', import.meta.url);
const sample = (path: string): string => readFileSync(new URL(path, SAMPLES), 'utf8');

beforeAll(async () => {
  platform = await startPlatform({ ingestion: true });
  await platform.adminOk('tenant', 'create', '--slug', 'mcp-ddex', '--name', 'MCP DDEX');
  key = String((await platform.adminOk('key', 'create', '--tenant', 'mcp-ddex', '--role', 'owner')).key);
  mcp = spawnServiceProcess('mcp', 'services/mcp/src/main.ts', {
    SV_MCP_PORT: '0',
    SV_HEALTH_PORT: '0',
    SV_GATEWAY_URL: `${platform.baseUrl}/v1`,
    SV_SANDBOX_GATEWAY_URL: `${platform.baseUrl}/v1`,
  });
  mcpUrl = String((await mcp.waitForLog((line) => line.msg === 'mcp listening')).url);
}, 180_000);

afterAll(async () => {
  await closeAll();
  await mcp?.stop();
  await platform?.stop();
}, 180_000);

/** The route's tool, found by its title (the route), whatever the naming rule calls it. */
const validateTool = async (client: Awaited<ReturnType<typeof connect>>) => {
  const tool = (await client.listTools()).tools.find((candidate) => candidate.title === 'POST /ddex/validate' || candidate.annotations?.title === 'POST /ddex/validate');
  if (!tool) throw new Error('no tool for POST /ddex/validate');
  return tool;
};

/** The tool's file arguments for a message: sent on as the route's multipart field, never stored. */
const asFile = (xml: string) => ({ file_base64: Buffer.from(xml).toString('base64'), file_name: 'message.xml' });

describe('the DDEX validation tool', () => {
  it('takes the message as a file and answers the report as structured content', async () => {
    const client = await connect({ authorization: `Bearer ${key}` });
    const tool = await validateTool(client);
    expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['file_base64', 'file_url']));
    expect(tool.outputSchema?.type).toBe('object');

    const valid = await callTool(client, tool.name, asFile(sample('ern43/1_Audio.xml')));
    expect(valid.isError).toBe(false);
    expect(valid.structuredContent).toEqual({
      message_type: 'NewReleaseMessage',
      ern_version: '4.3',
      profile: 'Audio',
      profile_checked: true,
      valid: true,
      xsd_errors: [],
      findings: [],
    });

    const broken = (await callTool(
      client,
      tool.name,
      asFile(sample('ern42/4_SimpleAudioSingle.xml').replace(/<MessageCreatedDateTime>[^<]*<\/MessageCreatedDateTime>/, '')),
    )) as CallToolResult;
    expect(broken.structuredContent).toMatchObject({ ern_version: '4.2', valid: false, xsd_errors: [expect.objectContaining({ message: expect.stringContaining('MessageCreatedDateTime') })] });
  });

  it('answers what is not an ERN message with the API\'s 422', async () => {
    const client = await connect({ authorization: `Bearer ${key}` });
    const tool = await validateTool(client);
    expect(apiErrorOf(await callTool(client, tool.name, asFile('<Invoice/>'))).status).toBe(422);
  });
});
