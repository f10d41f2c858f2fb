import type { EntityManager } from '@mikro-orm/postgresql';
import { LeaseLostError } from './faults.ts';

/** The queue's columns in the owning table; each has a default name. */
export interface WorkQueueColumns {
  /** The primary key (any type; the queue reads it as text). Default `id`. */
  id: string;
  /** The service's own state column. Default `state`. */
  state: string;
  /** Integer, not null, default 0: claims so far. Each claim adds one; it is also the lease's token. Default `attempts`. */
  attempts: string;
  /** timestamptz null: until when the claiming worker holds the item. Default `lease_until`. */
  leaseUntil: string;
  /** text null: why the last attempt failed. Default `last_error`. */
  lastError: string;
  /** timestamptz not null default now(): not claimed before this (retry backoff). Default `next_attempt_at`. */
  nextAttemptAt: string;
}

/** How a service hands its own table to the queue: where the rows are and what its states mean. */
export interface WorkQueueTable {
  schema: string;
  table: string;
  columns?: Partial<WorkQueueColumns>;
  /** States whose rows are work to do: claimable when due and not leased. */
  readyStates: readonly string[];
  /** The state a deterministic fault ends an item in. */
  failedState: string;
  /** The state an item ends in when its attempts run out (may be the failed state). */
  deadState: string;
  /** The claim order, SQL over the table's columns (trusted text, no parameters). Default: the next attempt time. */
  orderBy?: string;
  /** A further condition a claimable row meets, SQL over the table's columns (trusted text, no parameters). */
  claimableWhere?: string;
  /** More assignments made on claim, SQL (trusted text), e.g. `"state" = 'sending', "updated_at" = now()`. */
  claimSet?: string;
}

/** An item a worker holds: its key, this attempt's number (1-based, the lease token) and the previous attempt's error. */
export interface ClaimedItem {
  id: string;
  attempt: number;
  lastError: string | null;
}

const DEFAULT_COLUMNS: WorkQueueColumns = {
  id: 'id',
  state: 'state',
  attempts: 'attempts',
  leaseUntil: 'lease_until',
  lastError: 'last_error',
  nextAttemptAt: 'next_attempt_at',
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const identifier = (name: string, what: string): string => {
  if (!NAME.test(name)) throw new Error(`work queue: ${what} "${name}" is not a plain SQL name`);
  return `"${name}"`;
};

const literal = (value: string, what: string): string => {
  if (!NAME.test(value)) throw new Error(`work queue: ${what} "${value}" is not a plain state name`);
  return `'${value}'`;
};

const leaseFor = `now() + (? * interval '1 millisecond')`;

/**
 * The queue's SQL over one service's table: claim, renew, fence, release, retry and end. Every
 * time is the database's clock (now()), so replicas whose clocks disagree still agree on leases.
 * Every write after the claim is fenced by the lease token (the attempts count the claim set): a
 * worker whose lease ran out and was claimed again matches no row, and writes nothing.
 */
export class WorkTable {
  readonly #from: string;
  readonly #c: WorkQueueColumns;
  readonly #ready: string;
  readonly #failed: string;
  readonly #dead: string;
  readonly #order: string;
  readonly #where: string;
  readonly #claimSet: string;

  constructor(table: WorkQueueTable) {
    const names = { ...DEFAULT_COLUMNS, ...table.columns };
    this.#from = `${identifier(table.schema, 'schema')}.${identifier(table.table, 'table')}`;
    const quoted = Object.entries(names).map(([key, name]) => [key, identifier(name, `column ${key}`)]);
    this.#c = Object.fromEntries(quoted) as unknown as WorkQueueColumns;
    if (table.readyStates.length === 0) throw new Error('work queue: at least one ready state is needed');
    this.#ready = `(${table.readyStates.map((state) => literal(state, 'ready state')).join(', ')})`;
    this.#failed = literal(table.failedState, 'failed state');
    this.#dead = literal(table.deadState, 'dead state');
    this.#order = table.orderBy ?? this.#c.nextAttemptAt;
    this.#where = table.claimableWhere ? ` and (${table.claimableWhere})` : '';
    this.#claimSet = table.claimSet ? `, ${table.claimSet}` : '';
  }

  /**
   * Takes up to `room` due items no live worker holds, and leases them for `leaseMs`. FOR UPDATE
   * SKIP LOCKED lets replicas claim side by side without taking or waiting on each other's rows;
   * an item whose worker died is claimed again once its lease has run out.
   */
  async claim(em: EntityManager, room: number, leaseMs: number): Promise<ClaimedItem[]> {
    if (room <= 0) return [];
    const c = this.#c;
    const rows = await em.execute<{ id: string; attempts: number; last_error: string | null }[]>(
      `update ${this.#from} set ${c.leaseUntil} = ${leaseFor}, ${c.attempts} = ${c.attempts} + 1${this.#claimSet}
        where ${c.id} in (
          select ${c.id} from ${this.#from}
            where ${c.state} in ${this.#ready} and ${c.nextAttemptAt} <= now()
              and (${c.leaseUntil} is null or ${c.leaseUntil} <= now())${this.#where}
            order by ${this.#order}
            limit ?
            for update skip locked)
        returning ${c.id}::text as "id", ${c.attempts} as "attempts", ${c.lastError} as "last_error"`,
      [leaseMs, room],
    );
    return rows.map((row) => ({ id: row.id, attempt: Number(row.attempts), lastError: row.last_error }));
  }

  /**
   * Extends the lease by `leaseMs` from now; false when the item is no longer this attempt's, or
   * its lease was let go (a renewal that waited on the row while the attempt's end committed must
   * not lease the ended or rescheduled item again).
   */
  async renew(em: EntityManager, item: ClaimedItem, leaseMs: number): Promise<boolean> {
    const c = this.#c;
    const rows = await em.execute<unknown[]>(
      `update ${this.#from} set ${c.leaseUntil} = ${leaseFor} where ${c.id} = ? and ${c.attempts} = ? and ${c.leaseUntil} is not null returning 1 as "held"`,
      [leaseMs, item.id, item.attempt],
    );
    return rows.length > 0;
  }

  /**
   * Runs `write` in one transaction that first locks the item, checks this attempt still holds it
   * and renews the lease; throws LeaseLostError, writing nothing, when it does not.
   */
  async fenced<T>(em: EntityManager, queue: string, item: ClaimedItem, leaseMs: number, write: (tx: EntityManager) => Promise<T> | T): Promise<T> {
    return em.transactional(async (tx) => {
      if (!(await this.renew(tx, item, leaseMs))) throw new LeaseLostError(queue, item.id);
      return write(tx);
    });
  }

  /** The attempt is over and the work done: the lease is let go. The item's state is the service's own business. */
  async release(tx: EntityManager, item: ClaimedItem): Promise<void> {
    const c = this.#c;
    await tx.execute(`update ${this.#from} set ${c.leaseUntil} = null, ${c.lastError} = null where ${c.id} = ? and ${c.attempts} = ?`, [
      item.id,
      item.attempt,
    ]);
  }

  /**
   * In the transaction of the service's write: when that write has moved the item out of its ready
   * states (the service ended it), lets the lease go and clears the earlier attempts' error, so the
   * end and the release commit together. True when it did; a row left ready keeps its lease.
   */
  async releaseIfEnded(tx: EntityManager, item: ClaimedItem): Promise<boolean> {
    const c = this.#c;
    const rows = await tx.execute<unknown[]>(
      `update ${this.#from} set ${c.leaseUntil} = null, ${c.lastError} = null
        where ${c.id} = ? and ${c.attempts} = ? and ${c.state} not in ${this.#ready} returning 1 as "released"`,
      [item.id, item.attempt],
    );
    return rows.length > 0;
  }

  /** Hands the item back for another attempt after `delayMs`, keeping why this one failed. */
  async retry(tx: EntityManager, item: ClaimedItem, delayMs: number, error: string): Promise<void> {
    const c = this.#c;
    await tx.execute(
      `update ${this.#from} set ${c.leaseUntil} = null, ${c.lastError} = ?, ${c.nextAttemptAt} = now() + (? * interval '1 millisecond')
        where ${c.id} = ? and ${c.attempts} = ?`,
      [error, delayMs, item.id, item.attempt],
    );
  }

  /** Hands the item back at once, without its worker (the process is stopping): the attempt is spent. */
  async letGo(tx: EntityManager, item: ClaimedItem): Promise<void> {
    const c = this.#c;
    await tx.execute(`update ${this.#from} set ${c.leaseUntil} = null where ${c.id} = ? and ${c.attempts} = ?`, [item.id, item.attempt]);
  }

  /** Ends the item in the failed (a deterministic fault) or dead (attempts spent) state, with its error. */
  async end(tx: EntityManager, item: ClaimedItem, outcome: 'failed' | 'dead', error: string): Promise<void> {
    const c = this.#c;
    await tx.execute(
      `update ${this.#from} set ${c.state} = ${outcome === 'failed' ? this.#failed : this.#dead}, ${c.leaseUntil} = null, ${c.lastError} = ?
        where ${c.id} = ? and ${c.attempts} = ?`,
      [error, item.id, item.attempt],
    );
  }

  /** Items in a ready state no worker holds, due or waiting for a retry. */
  async backlog(em: EntityManager): Promise<number> {
    const c = this.#c;
    const [row] = await em.execute<{ count: number }[]>(
      `select count(*)::int as "count" from ${this.#from} where ${c.state} in ${this.#ready} and (${c.leaseUntil} is null or ${c.leaseUntil} <= now())${this.#where}`,
    );
    return Number(row?.count ?? 0);
  }
}
