import { match } from 'path-to-regexp';
import { SUPPORTED_VERSIONS } from '@sv/contracts';
import type { RateCategory } from '../app/rate-limit/rate-categories.ts';
import { LOCAL_ROUTES } from './routes/index.ts';
import { ROUTE_TABLE } from '../app/routing/route-table.ts';

const VERSION_PREFIX = /^\/v\d+(?=\/|$)/i;

const compiled = [...ROUTE_TABLE, ...LOCAL_ROUTES].map((entry) => ({
  method: entry.method,
  matches: match(entry.path),
  rate: entry.rate ?? 'general',
  anonymous: 'anonymous' in entry && entry.anonymous === true,
}));

const withoutVersion = (path: string): string => path.replace(VERSION_PREFIX, '') || '/';

/** True when some route serves this method and (version-free) path. */
export const isKnownRoute = (method: string, path: string): boolean => {
  const unversioned = withoutVersion(path);
  const lookup = method === 'HEAD' ? 'GET' : method;
  return compiled.some((candidate) => candidate.method === lookup && candidate.matches(unversioned) !== false);
};

/** True when the matched route needs no token (login, refresh, password reset…). */
export const isAnonymousRoute = (method: string, path: string): boolean => {
  const unversioned = withoutVersion(path);
  return compiled.some((candidate) => candidate.anonymous && candidate.method === method && candidate.matches(unversioned) !== false);
};

/**
 * The rate category of a request, decided before routing so that every response, including
 * 404s and version errors, is counted and carries the X-RateLimit headers.
 */
export const rateCategoryOf = (method: string, path: string): RateCategory => {
  const unversioned = withoutVersion(path);
  for (const candidate of compiled) {
    if (candidate.method === method && candidate.matches(unversioned) !== false) return candidate.rate;
  }
  return 'general';
};

const HEALTH_PATH = new RegExp(`^(/(${SUPPORTED_VERSIONS.join('|')}))?/health/?$`, 'i');

/**
 * True for the health probe, which has no authentication and no rate limit. Only a served
 * version counts: `/v2/health` is an unsupported-version error like any other path.
 */
export const isHealthPath = (path: string): boolean => HEALTH_PATH.test(path);
