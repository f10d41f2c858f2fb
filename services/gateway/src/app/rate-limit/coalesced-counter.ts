/**
 * Adds `n` to a shared counter and returns its value after the addition. Implementations must be
 * atomic across every process sharing the store.
 */
export type AddToCounter = (bucket: string, windowStart: number, n: number) => Promise<number>;

interface Waiter {
  resolve(position: number): void;
  reject(error: unknown): void;
}

interface PendingBucket {
  bucket: string;
  windowStart: number;
  waiting: Waiter[];
  inFlight: boolean;
}

/**
 * Counts requests in a shared store without making one bucket's concurrent requests queue on
 * the store one by one: while one addition for a bucket is in flight, later requests of that
 * bucket wait in this process and are counted together by the next addition (+n). Each request
 * still gets its own exact position in the shared count (before+1 … before+n, in arrival order),
 * so limits and remaining counts are what counting one by one would give; nothing is leased
 * ahead, so no replica ever holds slots another one could have used.
 */
export class CoalescedCounter {
  readonly #add: AddToCounter;
  readonly #pending = new Map<string, PendingBucket>();

  constructor(add: AddToCounter) {
    this.#add = add;
  }

  /** Counts one request; resolves with its position in the window's shared count (1-based). */
  count(bucket: string, windowStart: number): Promise<number> {
    const id = `${windowStart}|${bucket}`;
    let pending = this.#pending.get(id);
    if (!pending) {
      pending = { bucket, windowStart, waiting: [], inFlight: false };
      this.#pending.set(id, pending);
    }
    const entry = pending;
    const position = new Promise<number>((resolve, reject) => entry.waiting.push({ resolve, reject }));
    if (!entry.inFlight) this.#flush(id, entry);
    return position;
  }

  #flush(id: string, entry: PendingBucket): void {
    const batch = entry.waiting;
    entry.waiting = [];
    entry.inFlight = true;
    this.#add(entry.bucket, entry.windowStart, batch.length).then(
      (after) => {
        const before = after - batch.length;
        batch.forEach((waiter, index) => waiter.resolve(before + index + 1));
      },
      (error: unknown) => {
        for (const waiter of batch) waiter.reject(error);
      },
    ).finally(() => {
      entry.inFlight = false;
      if (entry.waiting.length > 0) this.#flush(id, entry);
      else this.#pending.delete(id);
    });
  }
}
