/**
 * How long a gateway uses a cached API-key record without re-reading it. Changes are pushed to
 * every replica at once; this only bounds staleness should a push be missed.
 */
export const CREDENTIAL_CACHE_TTL_MS = 15_000;

/** Records kept per replica at most. */
export const CREDENTIAL_CACHE_MAX_ENTRIES = 50_000;
