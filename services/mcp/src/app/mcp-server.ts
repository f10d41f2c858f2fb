import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerRuleResources, type RuleResource } from './resources/rule-resources.ts';
import { callTool, type Caller, type ToolCallDeps } from './tools/call-tool.ts';
import type { ToolDefinition } from './tools/tool-definitions.ts';

export interface McpServerDeps extends ToolCallDeps {
  tools: readonly ToolDefinition[];
  resources: readonly RuleResource[];
  version: string;
}

const INSTRUCTIONS = [
  'The music distribution API as tools: one tool per endpoint, each called with your own API key.',
  'Connect with the header "Authorization: Bearer <API_KEY>"; add "X-Service-Env: sandbox" to work in the sandbox.',
  'A tool result carries the API\'s answer as structured content, per its output schema, and as JSON text; an error result carries the API status and error body as JSON text.',
  'Before creating and submitting a release, read sv://rules/release-metadata, sv://rules/qc-checks and sv://rules/ai-disclosure.',
].join(' ');

/**
 * The MCP server of one HTTP request (the transport is stateless): every tool, bound to this
 * caller's key and environment, and the rules pages.
 */
export const createMcpServer = (deps: McpServerDeps, caller: Caller): McpServer => {
  const server = new McpServer({ name: 'sv-mcp', version: deps.version }, { instructions: INSTRUCTIONS });
  for (const tool of deps.tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input.schema,
        ...(tool.output ? { outputSchema: tool.output.schema } : {}),
        annotations: tool.annotations,
      },
      (args, extra) => callTool(tool, args as Record<string, unknown>, caller, deps, extra.signal),
    );
  }
  registerRuleResources(server, deps.resources);
  return server;
};
