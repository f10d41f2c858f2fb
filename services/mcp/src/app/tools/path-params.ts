import type { z } from 'zod';
import type { AnyRouteDefinition } from '@sv/contracts';
import { ArgumentError } from './argument-error.ts';

/** One segment of a route's path: written as it is, or filled from an argument its schema checks. */
type PathSegment = { literal: string } | { param: string; schema: z.ZodType };

/*
 * A value must stay inside its own segment. `/` and `\` would start another, `.` and `..` are
 * resolved away by every URL parser (DELETE /releases/R/dsps/.. is DELETE /releases/R), and `%`
 * is refused so that no encoded or double-encoded form of any of them gets through either. No
 * identifier of the API (uuid, slug, locale, asset type, statement id) holds one of these.
 */
const LEAVES_SEGMENT = /[/\\%\p{Cc}]/u;
const DOT_SEGMENT = /^\.{1,2}$/;

const templates = new WeakMap<AnyRouteDefinition, readonly PathSegment[]>();

/**
 * The route's path as segments, each parameter with the registry's schema for it. A parameter
 * the registry gives no schema is a registry mistake: it throws, so the server does not start.
 */
export const pathTemplateOf = (route: AnyRouteDefinition): readonly PathSegment[] => {
  const known = templates.get(route);
  if (known) return known;
  const shape: Record<string, z.ZodType | undefined> = route.request.params?.shape ?? {};
  const template = route.path.split('/').map((segment): PathSegment => {
    if (!segment.startsWith(':')) return { literal: segment };
    const param = segment.slice(1);
    const schema = shape[param];
    if (!schema) throw new Error(`${route.method} ${route.path}: the path parameter ${param} has no schema in the route registry`);
    return { param, schema };
  });
  templates.set(route, template);
  return template;
};

/** The number of segments a route's filled-in path has, whatever its arguments (`/releases/:uuid`: two). */
export const pathSegmentCount = (route: AnyRouteDefinition): number => pathTemplateOf(route).filter((segment) => !('literal' in segment) || segment.literal !== '').length;

/** One path argument, checked: present, confined to its segment, and valid for the registry's schema. */
const checkedValue = (param: string, schema: z.ZodType, value: unknown): string => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) throw new ArgumentError(`The ${param} argument is required.`);
  if (typeof value !== 'string' && typeof value !== 'number') throw new ArgumentError(`The ${param} argument must be a string.`);
  const text = String(value).trim();
  if (DOT_SEGMENT.test(text) || LEAVES_SEGMENT.test(text)) {
    throw new ArgumentError(`The ${param} argument is not a valid path parameter: it must not be "." or "..", nor contain "/", "\\", "%" or control characters.`);
  }
  const parsed = schema.safeParse(text);
  if (!parsed.success) throw new ArgumentError(`The ${param} argument is not valid: ${(parsed.error.issues[0]?.message ?? 'it does not match the route').replace(/\.$/, '')}.`);
  // The value goes as the caller gave it: the gateway makes it canonical (a locale's case) itself.
  return encodeURIComponent(text);
};

/**
 * The route's path with every parameter filled in from the arguments, each checked before any
 * request is made: the result has exactly the route's segments, none a dot segment.
 */
export const fillPath = (route: AnyRouteDefinition, args: Record<string, unknown>): string =>
  pathTemplateOf(route)
    .map((segment) => ('literal' in segment ? segment.literal : checkedValue(segment.param, segment.schema, args[segment.param])))
    .join('/');
