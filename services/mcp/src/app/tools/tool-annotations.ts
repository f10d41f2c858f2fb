import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { AnyRouteDefinition } from '@sv/contracts';
import { actionOf } from './tool-names.ts';

/** Actions that send a release out, take it down or turn it away (spec: flagged destructive). */
const DESTRUCTIVE_ACTIONS: ReadonlySet<string> = new Set(['deliver', 'redeliver', 'purge', 'takedown', 'reject']);

/** Actions whose effect leaves the platform: a bundle sent to a store, a test event to a webhook URL. */
const OUTWARD_ACTIONS: ReadonlySet<string> = new Set(['deliver', 'redeliver', 'purge', 'takedown', 'test']);

/** What a client may assume of a route's tool before calling it. Every hint is stated, none left to defaults. */
export const annotationsOf = (route: AnyRouteDefinition, title: string): ToolAnnotations => {
  const action = actionOf(route);
  return {
    title,
    readOnlyHint: route.method === 'GET',
    destructiveHint: route.method === 'DELETE' || (action !== undefined && DESTRUCTIVE_ACTIONS.has(action)),
    // HTTP's idempotent methods: the same call twice leaves things as once.
    idempotentHint: route.method === 'GET' || route.method === 'PUT' || route.method === 'DELETE',
    // An upload may fetch its file from any URL the caller names.
    openWorldHint: route.upload !== undefined || (action !== undefined && OUTWARD_ACTIONS.has(action)),
  };
};
