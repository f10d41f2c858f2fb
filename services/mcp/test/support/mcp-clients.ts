import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * MCP clients over real HTTP for one suite: `connect` opens one with the given headers (the key
 * goes in `authorization`), `closeAll` closes every one it opened (call it in afterAll).
 */
export const mcpClients = (name: string, urlOf: () => string) => {
  const open: Client[] = [];
  return {
    connect: async (headers: Record<string, string> = {}): Promise<Client> => {
      const client = new Client({ name, version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(urlOf()), { requestInit: { headers } }));
      open.push(client);
      return client;
    },
    closeAll: async (): Promise<void> => {
      await Promise.allSettled(open.splice(0).map((client) => client.close()));
    },
  };
};

/** Calls a tool and hands back its whole result. */
export const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

/** The text of a result's first content block. */
export const textOf = (result: CallToolResult): string => (result.content[0] as { text?: string } | undefined)?.text ?? '';

/** An API error as an error result carries it: its status and the API's error body, as JSON text. */
export const apiErrorOf = (result: CallToolResult): { status: number; body: any } => {
  if (!result.isError) throw new Error(`not an error result: ${textOf(result)}`);
  return JSON.parse(textOf(result)) as { status: number; body: any };
};
