import type { AnyRouteDefinition } from '@sv/contracts';

/**
 * The sets of tools an agent can connect to instead of all of them: each served at
 * `/mcp/<domain>`, the whole set staying at `/mcp`. A route's domain is its owning service's, so a
 * new route joins its domain by itself; a new service fails the type check here until it has one.
 */
export const TOOL_DOMAINS = ['catalogue', 'supply-chain', 'ingestion', 'webhooks', 'money', 'analytics', 'account'] as const;
export type ToolDomain = (typeof TOOL_DOMAINS)[number];

const DOMAIN_OF_SERVICE: Record<AnyRouteDefinition['service'], ToolDomain> = {
  catalogue: 'catalogue',
  'supply-chain': 'supply-chain',
  delivery: 'supply-chain',
  ingestion: 'ingestion',
  webhooks: 'webhooks',
  royalties: 'money',
  analytics: 'analytics',
  // The gateway's own routes: sign-in, users, API keys, the tenant's settings, health.
  gateway: 'account',
};

export const domainOf = (route: AnyRouteDefinition): ToolDomain => DOMAIN_OF_SERVICE[route.service];
