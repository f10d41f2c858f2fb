import type { EventTypesReply, Principal } from '@sv/contracts';
import { DSP_EVENT_STAGES, SUBSCRIBABLE_EVENTS, SUBSCRIPTION_PATTERNS } from '@sv/contracts';
import type { DspSlugsPort } from './ports.ts';

/** How long a fetched slug list is reused; the registry changes only with a release. */
const SLUG_CACHE_MS = 60_000;

/** The DSP slug list from supply-chain, kept briefly so validating a subscription costs no round trip. */
export const cachedDspSlugs = (port: DspSlugsPort, ttlMs = SLUG_CACHE_MS, now = () => Date.now()): DspSlugsPort => {
  let cached: { slugs: string[]; until: number } | undefined;
  return {
    async activeSlugs(principal: Principal) {
      if (cached && cached.until > now()) return cached.slugs;
      const slugs = [...(await port.activeSlugs(principal))].sort();
      cached = { slugs, until: now() + ttlMs };
      return slugs;
    },
  };
};

/** GET /webhooks/event-types: the catalogue, the wildcard patterns, the stages and the valid slugs. */
export const listEventTypes = async (dsps: DspSlugsPort, principal: Principal): Promise<EventTypesReply> => ({
  events: [...SUBSCRIBABLE_EVENTS],
  patterns: [...SUBSCRIPTION_PATTERNS],
  stages: [...DSP_EVENT_STAGES],
  dsps: await dsps.activeSlugs(principal),
});
