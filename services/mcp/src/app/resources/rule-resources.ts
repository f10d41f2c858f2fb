import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolDefinition } from '../tools/tool-definitions.ts';
import { toolLookup } from '../tools/tool-lookup.ts';
import { aiDisclosureRules } from './ai-disclosure.ts';
import { qcCheckRules } from './qc-checks.ts';
import { releaseMetadataRules } from './release-metadata.ts';

/** A markdown page an agent reads before filling in a release. */
export interface RuleResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  text: string;
}

/** The rules pages, written once at start from the contracts and the tools they name. */
export const buildRuleResources = (tools: readonly ToolDefinition[]): RuleResource[] => {
  const tool = toolLookup(tools);
  return [
    {
      uri: 'sv://rules/release-metadata',
      name: 'release-metadata',
      title: 'Release metadata rules',
      description: 'Required and optional fields of a release and its tracks, the steps to a submittable release, and what submit checks.',
      text: releaseMetadataRules(tool),
    },
    {
      uri: 'sv://rules/qc-checks',
      name: 'qc-checks',
      title: 'QC checks',
      description: 'Every check quality control runs on a release in qc_inspection: metadata, title style, audio and cover artwork.',
      text: qcCheckRules(tool),
    },
    {
      uri: 'sv://rules/ai-disclosure',
      name: 'ai-disclosure',
      title: 'AI disclosure',
      description: 'How a track declares AI use: includes_ai, ai_service and ai_elements, and when they are required.',
      text: aiDisclosureRules(tool),
    },
  ];
};

export const registerRuleResources = (server: McpServer, resources: readonly RuleResource[]): void => {
  for (const resource of resources) {
    server.registerResource(
      resource.name,
      resource.uri,
      { title: resource.title, description: resource.description, mimeType: 'text/markdown' },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: resource.text }] }),
    );
  }
};
