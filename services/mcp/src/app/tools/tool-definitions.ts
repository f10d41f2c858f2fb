import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { ROUTES, UPLOAD_MAX_MEGABYTES, type AnyRouteDefinition } from '@sv/contracts';
import { pathTemplateOf } from './path-params.ts';
import { annotationsOf } from './tool-annotations.ts';
import { domainOf, type ToolDomain } from './tool-domains.ts';
import { toolInputOf, type ToolInput } from './tool-input.ts';
import { toolNamesOf } from './tool-names.ts';
import { toolOutputOf, type ToolOutput } from './tool-output.ts';

/** One route as an agent tool: built once at start, registered on every request's server. */
export interface ToolDefinition {
  name: string;
  /** The route itself, e.g. `POST /releases/{uuid}/submit`. */
  title: string;
  description: string;
  annotations: ToolAnnotations;
  input: ToolInput;
  /** The declared result; none when the route does not answer a JSON object. */
  output: ToolOutput | undefined;
  /** The one set of tools it is also served in (`/mcp/<domain>`). */
  domain: ToolDomain;
  route: AnyRouteDefinition;
}

const PAGING: Record<NonNullable<AnyRouteDefinition['paginated']>, string> = {
  page: 'Paged by page and per_page.',
  cursor: 'Paged by cursor: pass meta.next_cursor back until meta.has_more is false.',
  page_or_cursor: 'Paged by page and per_page, or by cursor (pass meta.next_cursor back until meta.has_more is false).',
};

const descriptionOf = (route: AnyRouteDefinition): string => {
  const notes = [route.summary];
  if (route.paginated) notes.push(PAGING[route.paginated]);
  if (route.upload) {
    notes.push(
      `Takes one ${route.upload.kind} file of at most ${UPLOAD_MAX_MEGABYTES[route.upload.kind]} MB, as file_url or file_base64; ` +
        `it is sent as the multipart field "${route.upload.field}".`,
    );
  }
  if (route.idempotent) notes.push('Accepts idempotency_key for safe retries.');
  return notes.join(' ');
};

/** `/releases/:uuid/submit` → `/releases/{uuid}/submit`, as the spec writes paths. */
const displayPath = (path: string): string => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/**
 * One tool per route of the registry. An alias (another spelling of a route, same operation) is
 * the same endpoint and gets no tool of its own. A path parameter without a schema in the
 * registry stops start-up: every path argument is checked against its schema before a call.
 */
export const buildToolDefinitions = (routes: readonly AnyRouteDefinition[] = ROUTES): ToolDefinition[] => {
  const canonical = routes.filter((route) => route.aliasOf === undefined);
  const names = toolNamesOf(canonical);
  return canonical.map((route, index) => {
    const title = `${route.method} ${displayPath(route.path)}`;
    pathTemplateOf(route);
    return {
      name: names[index] ?? '',
      title,
      description: descriptionOf(route),
      annotations: annotationsOf(route, title),
      input: toolInputOf(route),
      output: toolOutputOf(route),
      domain: domainOf(route),
      route,
    };
  });
};
