import { AI_ELEMENTS, TRACK_PROPERTIES } from '@sv/contracts';
import type { ToolLookup } from '../tools/tool-lookup.ts';

const codes = (values: readonly string[]): string => values.map((value) => `\`${value}\``).join(', ');

/** sv://rules/ai-disclosure: the spec's Tracks rules 2 to 5, with the codes from the contracts. */
export const aiDisclosureRules = (tool: ToolLookup): string => `# AI disclosure

A track made partly with AI says so. The disclosure rides on the track
(\`${tool('POST', '/releases/:uuid/tracks').name}\`, \`${tool('PATCH', '/tracks/:uuid').name}\`) and is checked on every write and again by QC.

## Fields

- \`track_properties\`: array of codes, any of ${codes(TRACK_PROPERTIES)}. \`includes_ai\` marks AI use.
- \`ai_service\`: the AI service used (free text; no service is refused by name).
- \`ai_service_other\`: the service's name when it is not a well-known one; either this or \`ai_service\` will do.
- \`ai_elements\`: array, at least one of ${codes(AI_ELEMENTS)}: what the AI made.

## Rules

1. When \`track_properties\` contains \`includes_ai\`, \`ai_service\` (or \`ai_service_other\`) and at least one
   \`ai_elements\` value are required; otherwise the write is refused with 422.
2. An unknown \`ai_elements\` value, or a value that is not an array, is 422. Values are case-insensitive,
   trimmed and de-duplicated, and come back in the order ${codes(AI_ELEMENTS)}.
3. On update, values already stored on the track count: sending only \`track_properties\` with \`includes_ai\`
   is enough when the service and elements were given before.
4. Sending \`track_properties\` without \`includes_ai\` retracts the disclosure and clears \`ai_service\`,
   \`ai_service_other\` and \`ai_elements\`. Leave \`track_properties\` out of an update to keep it as it is.
5. QC rejects a release with a track marked \`includes_ai\` that does not name the service and the elements.

## Example

\`\`\`json
{
  "title": "Night Drive",
  "position": 1,
  "explicit": false,
  "track_properties": ["includes_ai"],
  "ai_service": "Suno",
  "ai_elements": ["instrumentation", "production"]
}
\`\`\`
`;
