/** A service's 200 answer as kept: the JSON text to send again, and what the next-page link is built from. */
export interface CachedAnswer {
  headers: Record<string, string>;
  json: string;
  meta: unknown;
}

/** Taken before asking the service; the answer is kept only if no change of the tenant came in between. */
export interface ReadTicket {
  readonly tenantId: string;
  readonly generation: number;
  readonly tenantGeneration: number;
}

export interface ResponseCacheOptions {
  /** How long an answer is used at most, should an announcement ever be missed. 0: nothing is kept. */
  ttlMs: number;
  /** Bytes of JSON kept in all; the least recently used answers go first. */
  maxBytes: number;
  /** A larger answer is not kept. */
  maxEntryBytes: number;
  now?: () => number;
}

interface Entry {
  tenantId: string;
  answer: CachedAnswer;
  bytes: number;
  storedAt: number;
}

/**
 * Answers of cached reads (routes with `cached`) held in the gateway, per caller and request.
 * Dropped per tenant when its rows change; a read that began before a drop is not kept after it,
 * so an answer from before a change can never outlive the change's announcement.
 */
export class ResponseCache {
  readonly #options: Required<ResponseCacheOptions>;
  readonly #entries = new Map<string, Entry>();
  readonly #keysOfTenant = new Map<string, Set<string>>();
  readonly #tenantGenerations = new Map<string, number>();
  #generation = 0;
  #bytes = 0;

  constructor(options: ResponseCacheOptions) {
    this.#options = { now: Date.now, ...options };
  }

  get enabled(): boolean {
    return this.#options.ttlMs > 0;
  }

  /** Bytes of JSON held now. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  find(key: string): CachedAnswer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#options.now() - entry.storedAt >= this.#options.ttlMs) {
      this.#delete(key, entry);
      return undefined;
    }
    // Most recently used last, so the oldest use is evicted first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.answer;
  }

  ticket(tenantId: string): ReadTicket {
    return { tenantId, generation: this.#generation, tenantGeneration: this.#tenantGenerations.get(tenantId) ?? 0 };
  }

  /** Keeps `answer` unless the tenant (or everything) was dropped since `ticket` was taken. */
  keep(key: string, ticket: ReadTicket, answer: CachedAnswer): boolean {
    if (!this.enabled) return false;
    if (ticket.generation !== this.#generation || ticket.tenantGeneration !== (this.#tenantGenerations.get(ticket.tenantId) ?? 0)) return false;
    const bytes = answer.json.length + key.length;
    if (bytes > this.#options.maxEntryBytes) return false;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    while (this.#bytes + bytes > this.#options.maxBytes && this.#entries.size > 0) {
      const [oldestKey, oldest] = this.#entries.entries().next().value as [string, Entry];
      this.#delete(oldestKey, oldest);
    }
    this.#entries.set(key, { tenantId: ticket.tenantId, answer, bytes, storedAt: this.#options.now() });
    this.#bytes += bytes;
    let keys = this.#keysOfTenant.get(ticket.tenantId);
    if (!keys) this.#keysOfTenant.set(ticket.tenantId, (keys = new Set()));
    keys.add(key);
    return true;
  }

  /** Forgets every answer of `tenantId`, and any read of it still under way. */
  dropTenant(tenantId: string): void {
    this.#tenantGenerations.set(tenantId, (this.#tenantGenerations.get(tenantId) ?? 0) + 1);
    // #delete takes each key out of the tenant's set, and the set away once empty.
    for (const key of this.#keysOfTenant.get(tenantId) ?? []) this.#delete(key, this.#entries.get(key)!);
  }

  /** Forgets everything (changes may have been missed). */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#keysOfTenant.clear();
    // Tickets taken before hold the old generation, so the tenants' counts can start again.
    this.#tenantGenerations.clear();
    this.#bytes = 0;
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    const keys = this.#keysOfTenant.get(entry.tenantId);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysOfTenant.delete(entry.tenantId);
  }
}
