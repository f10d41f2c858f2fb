import { match, type MatchFunction } from 'path-to-regexp';
import { ROUTES, SUPPORTED_VERSIONS, type AnyRouteDefinition, type RateCategory } from '@sv/contracts';

const VERSION_PREFIX = /^\/v\d+(?=\/|$)/i;

/** What the edge knows about a request once its route is found, before anything else runs. */
export interface MatchedRoute {
  /** The route's declaration in the registry: its rate, whether it is anonymous, its handlers. */
  definition: AnyRouteDefinition;
  params: Record<string, string>;
}

interface CompiledRoute {
  definition: AnyRouteDefinition;
  matches: MatchFunction<Record<string, string>>;
}

/** The first path segment when it is literal (the index key), else '*'. */
const leadingSegment = (path: string): string => {
  const segment = path.split('/')[1] ?? '';
  return segment.startsWith(':') || segment.includes('*') ? '*' : segment;
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

/**
 * Routes by method, then by their first segment: a request is tried against the few routes that
 * can match it, not all of them (in registry order, literal first segments before parameters).
 */
const index = new Map<string, Map<string, CompiledRoute[]>>();
for (const definition of ROUTES) {
  const byMethod = index.get(definition.method) ?? new Map<string, CompiledRoute[]>();
  index.set(definition.method, byMethod);
  const key = leadingSegment(definition.path);
  byMethod.set(key, [...(byMethod.get(key) ?? []), { definition, matches: match(definition.path, { decode: decodeParameter }) }]);
}

const firstMatch = (candidates: readonly CompiledRoute[] | undefined, path: string): MatchedRoute | undefined => {
  for (const candidate of candidates ?? []) {
    let found: ReturnType<CompiledRoute['matches']>;
    try {
      found = candidate.matches(path);
    } catch (error) {
      if (error instanceof MalformedParameter) continue;
      throw error;
    }
    if (found !== false) return { definition: candidate.definition, params: found.params };
  }
  return undefined;
};

export const withoutVersion = (path: string): string => path.replace(VERSION_PREFIX, '') || '/';

/** The route serving this method and path (with or without its version segment), if any. */
export const matchRoute = (method: string, path: string): MatchedRoute | undefined => {
  const unversioned = withoutVersion(path);
  const byMethod = index.get(method === 'HEAD' ? 'GET' : method);
  if (!byMethod) return undefined;
  return firstMatch(byMethod.get(leadingSegment(unversioned)), unversioned) ?? firstMatch(byMethod.get('*'), unversioned);
};

/** True when some route serves this method and (version-free) path. */
export const isKnownRoute = (method: string, path: string): boolean => matchRoute(method, path) !== undefined;

/** True when the matched route needs no token (login, refresh, password reset…). */
export const isAnonymousRoute = (method: string, path: string): boolean => matchRoute(method, path)?.definition.anonymous === true;

/**
 * The rate category of a request whose route (if any) is known: HEAD and unknown paths are
 * general. The health probe's route has none (it is never counted; rateLimit skips it first).
 */
export const rateCategoryOfMatch = (method: string, route: MatchedRoute | undefined): RateCategory =>
  method === 'HEAD' ? 'general' : (route?.definition.rate ?? 'general');

/**
 * The rate category of a request, decided before routing so that every response, including
 * 404s and version errors, is counted and carries the X-RateLimit headers.
 */
export const rateCategoryOf = (method: string, path: string): RateCategory => rateCategoryOfMatch(method, matchRoute(method, path));

const HEALTH_PATH = new RegExp(`^(/(${SUPPORTED_VERSIONS.join('|')}))?/health/?$`, 'i');

/**
 * True for the health probe, which has no authentication and no rate limit. Only a served
 * version counts: `/v2/health` is an unsupported-version error like any other path.
 */
export const isHealthPath = (path: string): boolean => HEALTH_PATH.test(path);
