import { match, type MatchFunction } from 'path-to-regexp';
import { ROUTES, SUPPORTED_VERSIONS, type AnyRouteDefinition, type RateCategory } from '@sv/contracts';

const VERSION_PREFIX = /^\/v\d+(?=\/|$)/i;

/** What the edge knows about a request once its route is found, before anything else runs. */
export interface MatchedRoute {
  /** The route's own (version-free) pattern, e.g. /artists/:uuid. */
  pattern: string;
  rate: RateCategory;
  anonymous: boolean;
  /** The route's declaration in the registry: its handlers are found by it. */
  definition: AnyRouteDefinition;
  params: Record<string, string>;
}

interface CompiledRoute {
  pattern: string;
  matches: MatchFunction<Record<string, string>>;
  rate: RateCategory;
  anonymous: boolean;
  definition: AnyRouteDefinition;
}

/** The first path segment when it is literal (the index key), else '*'. */
const leadingSegment = (path: string): string => {
  const segment = path.split('/')[1] ?? '';
  return segment.startsWith(':') || segment.includes('*') ? '*' : segment;
};

/**
 * Routes by method, then by their first segment: a request is tried against the few routes that
 * can match it, not all of them.
 */
const index = new Map<string, Map<string, CompiledRoute[]>>();
const add = (method: string, route: CompiledRoute): void => {
  const byMethod = index.get(method) ?? new Map<string, CompiledRoute[]>();
  index.set(method, byMethod);
  const key = leadingSegment(route.pattern);
  byMethod.set(key, [...(byMethod.get(key) ?? []), route]);
};
/** A parameter that is not valid percent-encoding names nothing: the path matches no route. */
class MalformedParameter extends Error {}
const decodeParameter = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new MalformedParameter();
  }
};
const compile = (path: string) => match<Record<string, string>>(path, { decode: decodeParameter });

for (const route of ROUTES) {
  add(route.method, {
    pattern: route.path,
    matches: compile(route.path),
    // The health probe (rate null) is never counted; rateLimit skips it before asking.
    rate: route.rate ?? 'general',
    anonymous: route.anonymous,
    definition: route,
  });
}

export const withoutVersion = (path: string): string => path.replace(VERSION_PREFIX, '') || '/';

/** The route serving this method and path (with or without its version segment), if any. */
export const matchRoute = (method: string, path: string): MatchedRoute | undefined => {
  const unversioned = withoutVersion(path);
  const byMethod = index.get(method === 'HEAD' ? 'GET' : method);
  if (!byMethod) return undefined;
  for (const candidate of [...(byMethod.get(leadingSegment(unversioned)) ?? []), ...(byMethod.get('*') ?? [])]) {
    let found: ReturnType<CompiledRoute['matches']>;
    try {
      found = candidate.matches(unversioned);
    } catch (error) {
      if (error instanceof MalformedParameter) continue;
      throw error;
    }
    if (found !== false) {
      const { pattern, rate, anonymous, definition } = candidate;
      return { pattern, rate, anonymous, definition, params: found.params };
    }
  }
  return undefined;
};

/** True when some route serves this method and (version-free) path. */
export const isKnownRoute = (method: string, path: string): boolean => matchRoute(method, path) !== undefined;

/** True when the matched route needs no token (login, refresh, password reset…). */
export const isAnonymousRoute = (method: string, path: string): boolean => matchRoute(method, path)?.anonymous === true;

/**
 * The rate category of a request, decided before routing so that every response, including
 * 404s and version errors, is counted and carries the X-RateLimit headers.
 */
export const rateCategoryOf = (method: string, path: string): RateCategory => (method === 'HEAD' ? 'general' : (matchRoute(method, path)?.rate ?? 'general'));

const HEALTH_PATH = new RegExp(`^(/(${SUPPORTED_VERSIONS.join('|')}))?/health/?$`, 'i');

/**
 * True for the health probe, which has no authentication and no rate limit. Only a served
 * version counts: `/v2/health` is an unsupported-version error like any other path.
 */
export const isHealthPath = (path: string): boolean => HEALTH_PATH.test(path);
