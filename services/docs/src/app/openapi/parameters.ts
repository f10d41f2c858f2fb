import { Header, type AnyRouteDefinition } from '@sv/contracts';
import { headerParameter } from './common-headers.ts';
import { objectProperties, toJsonSchema } from './json-schema.ts';
import type { JsonSchema, Parameter, Reference } from './openapi-types.ts';
import { pathParameterNames } from './openapi-path.ts';
import { validExample } from './valid-example.ts';

/** The spec's wording for the list parameters, where a query schema leaves them bare. */
const PAGINATION_WORDS: Record<string, string> = {
  page: 'Offset mode (the default): the page to return, from 1.',
  per_page: 'Items per page, 1 to 100 unless the list allows more.',
  cursor: 'Cursor mode: the opaque `next_cursor` of the previous page (empty to start a walk). Cursors do not expire.',
  mode: '`cursor` starts a cursor walk without a cursor; `offset` is the default.',
};

const PATH_WORDS: Record<string, string> = {
  uuid: 'The UUID of the record.',
};

const descriptionOf = (schema: JsonSchema): string | undefined => (typeof schema.description === 'string' ? schema.description : undefined);

const pathParameters = (route: AnyRouteDefinition): Parameter[] => {
  const declared = route.request.params ? objectProperties(toJsonSchema(route.request.params, 'input')).properties : {};
  return pathParameterNames(route.path).map((name) => {
    const schema = declared[name] ?? { type: 'string' };
    const description = descriptionOf(schema) ?? PATH_WORDS[name];
    return { name, in: 'path', required: true, ...(description ? { description } : {}), schema };
  });
};

/**
 * One parameter per property of the route's query schema. Examples are shown for the values a
 * request needs (required ones, and those with a default); optional filters stay blank.
 */
const queryParameters = (route: AnyRouteDefinition): Parameter[] => {
  if (!route.request.query) return [];
  const schema = toJsonSchema(route.request.query, 'input');
  const { properties, required } = objectProperties(schema);
  const { example } = validExample(route.request.query, schema);
  const examples = (example ?? {}) as Record<string, unknown>;
  return Object.entries(properties).map(([name, property]) => {
    const description = descriptionOf(property) ?? (route.paginated ? PAGINATION_WORDS[name] : undefined);
    const shown = (required.has(name) || property.default !== undefined) && examples[name] !== undefined;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(description ? { description } : {}),
      schema: property,
      ...(shown ? { example: examples[name] } : {}),
    };
  });
};

/** Path, then query, then the request headers the route honours. */
export const routeParameters = (route: AnyRouteDefinition): (Parameter | Reference)[] => [
  ...pathParameters(route),
  ...queryParameters(route),
  ...(route.idempotent ? [headerParameter(Header.idempotencyKey)] : []),
  headerParameter(Header.apiVersion),
  headerParameter(Header.tenantDomain),
];
