import type { HttpMethod } from '@sv/contracts';
import type { ToolDefinition } from './tool-definitions.ts';

export type ToolLookup = (method: HttpMethod, path: string) => ToolDefinition;

/** The tool of a route, by method and registry path; a route that has none stops start-up. */
export const toolLookup =
  (tools: readonly ToolDefinition[]): ToolLookup =>
  (method, path) => {
    const tool = tools.find((candidate) => candidate.route.method === method && candidate.route.path === path);
    if (!tool) throw new Error(`No tool serves ${method} ${path}`);
    return tool;
  };
