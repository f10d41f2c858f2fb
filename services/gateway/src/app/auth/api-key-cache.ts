import type { ApiKeyLookup, ApiKeyRecord } from './authenticate-api-key.ts';

interface Entry {
  record: ApiKeyRecord | undefined;
  loadedAt: number;
}

export interface ApiKeyCacheOptions {
  /** Reads a record from the source of truth. */
  load: ApiKeyLookup;
  /**
   * How long an entry is used without a reload. Changes are pushed (dropTenant); this bounds how
   * stale an entry can get if a push is ever missed.
   */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * API-key records held in the gateway, so that a key's requests do not each read Postgres.
 * Concurrent misses of one prefix share one read. Unknown prefixes are remembered too (junk
 * tokens cost no query each), and forgotten on any change, so a key created later is seen.
 */
export class ApiKeyCache {
  readonly #options: Required<ApiKeyCacheOptions>;
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, Promise<ApiKeyRecord | undefined>>();
  /** Bumped by every invalidation, so a read that started before one is not cached after it. */
  #generation = 0;

  constructor(options: ApiKeyCacheOptions) {
    this.#options = { now: Date.now, ...options };
  }

  readonly lookup: ApiKeyLookup = (prefix) => {
    const entry = this.#entries.get(prefix);
    if (entry && this.#options.now() - entry.loadedAt < this.#options.ttlMs) return Promise.resolve(entry.record);
    const loading = this.#loading.get(prefix);
    if (loading) return loading;
    const generation = this.#generation;
    const loadedAt = this.#options.now();
    const read = this.#options
      .load(prefix)
      .then((record) => {
        if (generation === this.#generation) this.#remember(prefix, { record, loadedAt });
        return record;
      })
      .finally(() => this.#loading.delete(prefix));
    this.#loading.set(prefix, read);
    return read;
  };

  /** Forgets every key of `tenantId`, and every unknown prefix. */
  dropTenant(tenantId: string): void {
    this.#generation += 1;
    this.#loading.clear();
    for (const [prefix, entry] of this.#entries) {
      if (!entry.record || entry.record.tenantId === tenantId) this.#entries.delete(prefix);
    }
  }

  /** Forgets everything (e.g. after a gap in the change feed). */
  clear(): void {
    this.#generation += 1;
    this.#loading.clear();
    this.#entries.clear();
  }

  #remember(prefix: string, entry: Entry): void {
    this.#entries.delete(prefix);
    if (this.#entries.size >= this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(prefix, entry);
  }
}
