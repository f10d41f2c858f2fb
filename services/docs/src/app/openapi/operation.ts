import { RATE_LIMITS, type AnyRouteDefinition, type Pagination } from '@sv/contracts';
import type { Operation } from './openapi-types.ts';
import { toOpenApiPath } from './openapi-path.ts';
import { routeParameters } from './parameters.ts';
import { requestBody } from './request-body.ts';
import { routeResponses } from './responses.ts';
import { NO_TOKEN } from './security-schemes.ts';

const OFFSET_MODE = 'offset mode (`page`, `per_page`; `meta`: mode `offset`, total, per_page, current_page, last_page)';
const CURSOR_MODE = 'cursor mode (`cursor`, `per_page`; `meta`: mode `cursor`, per_page, next_cursor, has_more; walk until has_more is false)';

const PAGINATION_WORDS: Record<Pagination, string> = {
  page_or_cursor: `Paginated in both of the spec's modes: ${OFFSET_MODE} by default, or ${CURSOR_MODE}. A \`Link\` header with rel=next is sent while more pages exist.`,
  page: `Paginated in ${OFFSET_MODE}. A \`Link\` header with rel=next is sent while more pages exist.`,
  cursor: `Paginated in ${CURSOR_MODE}. A \`Link\` header with rel=next is sent while more pages exist.`,
};

/** How a route stands to its other spellings: the canonical one lists its aliases, an alias names its canonical route. */
export type Spellings = { aliases: readonly AnyRouteDefinition[] } | { aliasOf: AnyRouteDefinition };

const spelling = (route: AnyRouteDefinition): string => `\`${route.method} ${toOpenApiPath(route.path)}\``;

const spellingLine = (spellings: Spellings): string | undefined => {
  if ('aliasOf' in spellings) return `Alias of ${spelling(spellings.aliasOf)}: the same operation, answered the same way.`;
  return spellings.aliases.length > 0 ? `Also served at ${spellings.aliases.map(spelling).join(', ')}.` : undefined;
};

const spellingExtension = (spellings: Spellings): Record<string, unknown> => {
  if ('aliasOf' in spellings) return { 'x-alias-of': toOpenApiPath(spellings.aliasOf.path) };
  return spellings.aliases.length > 0 ? { 'x-aliases': spellings.aliases.map((alias) => toOpenApiPath(alias.path)) } : {};
};

/** The prose under the summary: what the registry knows that the schemas do not show. */
const describeRoute = (route: AnyRouteDefinition, spellings: Spellings): string =>
  [
    'aliasOf' in spellings ? spellingLine(spellings) : undefined,
    route.rate === null
      ? 'Not rate limited.'
      : `Rate limit category \`${route.rate}\`: ${RATE_LIMITS[route.rate]} requests per minute per token.`,
    route.idempotent ? 'Honours `Idempotency-Key`.' : undefined,
    route.paginated ? PAGINATION_WORDS[route.paginated] : undefined,
    route.sensitive ? 'Answers carry `Cache-Control: no-store`.' : undefined,
    'aliases' in spellings ? spellingLine(spellings) : undefined,
  ]
    .filter((line) => line !== undefined)
    .join('\n\n');

/** The OpenAPI operation of one registry route, marked with its other spellings (each listed at its own path too). */
export const routeOperation = (route: AnyRouteDefinition, operationId: string, spellings: Spellings): Operation => {
  const body = requestBody(route);
  return {
    operationId,
    summary: route.summary,
    description: describeRoute(route, spellings),
    tags: [route.service],
    ...(route.anonymous ? { security: NO_TOKEN } : {}),
    parameters: routeParameters(route),
    ...(body ? { requestBody: body } : {}),
    responses: routeResponses(route),
    'x-service': route.service,
    ...(route.rate === null ? {} : { 'x-rate-limit-category': route.rate }),
    ...(route.paginated ? { 'x-pagination': route.paginated } : {}),
    ...spellingExtension(spellings),
  };
};
