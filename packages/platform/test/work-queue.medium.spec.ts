import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  DeterministicFault,
  LeaseLostError,
  WorkTable,
  openDatabase,
  startWorkQueue,
  type ClaimedItem,
  type WorkLease,
  type WorkQueue,
  type WorkQueueOptions,
} from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from './support/isolation.ts';
import { deferred, silentLogger, waitFor } from './support/kit.ts';

/*
 * The work queue on a real Postgres, over a table of its own making: the service's columns are
 * named its own way (status, tries, held_until, failure, due_at), as any service's table may be.
 * Each "replica" is an ORM of its own (its own pool) on one database.
 */

const SCHEMA = 'queue_test';

const Task = defineEntity({
  name: 'Task',
  tableName: 'task',
  properties: {
    id: p.uuid().primary(),
    status: p.text(),
    label: p.text(),
  },
});

const taskTable = {
  name: 'Migration20261201000000_tasks',
  class: class TaskTable extends Migration {
    override up(): void {
      this.addSql(`create table "${SCHEMA}"."task" (
        "id" uuid primary key,
        "status" text not null,
        "label" text not null,
        "tries" integer not null default 0,
        "held_until" timestamptz null,
        "failure" text null,
        "due_at" timestamptz not null default now(),
        "done_count" integer not null default 0,
        "given_up" text null,
        "created_at" timestamptz not null default clock_timestamp()
      )`);
    }
  },
};

const table = {
  schema: SCHEMA,
  table: 'task',
  columns: { state: 'status', attempts: 'tries', leaseUntil: 'held_until', lastError: 'failure', nextAttemptAt: 'due_at' },
  readyStates: ['queued', 'working'],
  failedState: 'failed',
  deadState: 'dead',
  orderBy: '"created_at"',
};

interface TaskRow {
  id: string;
  status: string;
  label: string;
  tries: number;
  held_until: string | null;
  failure: string | null;
  done_count: number;
  given_up: string | null;
}

let db: TestDatabase;
const orms: MikroORM[] = [];
const queues: WorkQueue[] = [];

const replica = async (): Promise<MikroORM> => {
  const orm = await openDatabase({ url: db.url, schema: SCHEMA, entities: [Task], migrations: [taskTable], logger: silentLogger(), poolMax: 6 });
  orms.push(orm);
  return orm;
};

const sql = <T extends object>(text: string, params: unknown[] = []): Promise<T[]> => orms[0]!.em.fork().execute<T[]>(text, params);

/** Queues tasks for one test; their label keeps each test to its own rows. */
const enqueue = async (label: string, count = 1): Promise<string[]> => {
  const ids = Array.from({ length: count }, () => randomUUID());
  for (const id of ids) await sql(`insert into "${SCHEMA}"."task" ("id", "status", "label") values (?, 'queued', ?)`, [id, label]);
  return ids;
};

const tasks = (label: string): Promise<TaskRow[]> => sql<TaskRow>(`select * from "${SCHEMA}"."task" where "label" = ? order by "created_at"`, [label]);

/** The service's end of a task, fenced by the lease. */
const finish = (lease: WorkLease, item: ClaimedItem) =>
  lease.commit((tx: EntityManager) => tx.execute(`update "${SCHEMA}"."task" set "status" = 'done', "done_count" = "done_count" + 1 where "id" = ?`, [item.id]));

const start = (orm: MikroORM, options: Partial<WorkQueueOptions> & Pick<WorkQueueOptions, 'work'>): WorkQueue => {
  const queue = startWorkQueue({
    name: 'tasks',
    orm,
    table,
    logger: silentLogger(),
    concurrency: 4,
    leaseMs: 30_000,
    maxAttempts: 3,
    backoff: { baseMs: 10, capMs: 20 },
    pollMs: 20,
    onGiveUp: (tx, item, end) =>
      tx.execute(`update "${SCHEMA}"."task" set "given_up" = ? where "id" = ?`, [`${end.outcome} after ${end.attempts}: ${end.error}`, item.id]).then(() => undefined),
    ...options,
  });
  queues.push(queue);
  return queue;
};

beforeAll(async () => {
  db = await createTestDatabase('workqueue');
  await replica();
  await replica();
}, 60_000);

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});

afterAll(async () => {
  await Promise.all(orms.map((orm) => orm.close(true)));
  await db?.drop();
});

describe('the work queue (Postgres)', () => {
  it('never lets two workers hold the same item: two replicas share forty tasks, each done once', async () => {
    const label = 'shared';
    const ids = await enqueue(label, 40);
    const holding = new Set<string>();
    let overlaps = 0;
    const work = async (item: ClaimedItem, lease: WorkLease) => {
      if (holding.has(item.id)) overlaps += 1;
      holding.add(item.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await finish(lease, item);
      holding.delete(item.id);
    };
    start(orms[0]!, { work });
    start(orms[1]!, { work });
    await waitFor(async () => (await tasks(label)).every((task) => task.status === 'done'), 'every task done');
    const rows = await tasks(label);
    expect(rows).toHaveLength(ids.length);
    expect(overlaps).toBe(0);
    expect(rows.map((row) => [row.done_count, row.tries])).toEqual(ids.map(() => [1, 1]));
  });

  it('takes over a lost lease only once it has run out (on the database clock), and the old holder then writes nothing', async () => {
    const label = 'takeover';
    const [id] = await enqueue(label);
    const [a, b] = [new WorkTable(table), new WorkTable(table)];
    const [first] = await a.claim(orms[0]!.em.fork(), 1, 1_500);
    expect(first).toEqual({ id, attempt: 1, lastError: null });

    // While the lease runs, the other replica's claim passes the item by.
    const early = await b.claim(orms[1]!.em.fork(), 5, 1_500);
    const [lease] = await sql<{ running: boolean }>(`select "held_until" > now() as "running" from "${SCHEMA}"."task" where "id" = ?`, [id]);
    if (lease!.running) expect(early.filter((item) => item.id === id)).toEqual([]);

    let second: ClaimedItem | undefined;
    await waitFor(async () => {
      second = (await b.claim(orms[1]!.em.fork(), 5, 60_000)).find((item) => item.id === id);
      return second !== undefined;
    }, 'the other replica to claim the item');
    expect(second).toEqual({ id, attempt: 2, lastError: null });

    // The first holder's late end is refused by the fence: nothing of it is written.
    const late = a.fenced(orms[0]!.em.fork(), 'tasks', first!, 1_500, (tx) => tx.execute(`update "${SCHEMA}"."task" set "status" = 'done' where "id" = ?`, [id]));
    await expect(late).rejects.toBeInstanceOf(LeaseLostError);
    expect(await tasks(label)).toMatchObject([{ status: 'queued', tries: 2 }]);
  });

  it('renews the lease while the work runs, so an item outliving its first lease stays with its one worker', async () => {
    const label = 'long';
    const [id] = await enqueue(label);
    let runs = 0;
    const work = async (item: ClaimedItem, lease: WorkLease) => {
      runs += 1;
      const [claimed] = await sql<{ held_until: string }>(`select "held_until" from "${SCHEMA}"."task" where "id" = ?`, [item.id]);
      const firstLeaseEnd = claimed!.held_until;
      // Work on until the database's clock is well past the lease this claim began with.
      await waitFor(async () => {
        const [clock] = await sql<{ past: boolean }>(`select now() > (?::timestamptz + interval '1 second') as "past"`, [firstLeaseEnd]);
        return clock!.past;
      }, 'the first lease to be long over');
      await finish(lease, item);
    };
    // Short leases, and a second replica asking for work all the while. Short, not tiny: a renewal
    // may wait on a CPU-starved machine, and a lease of a few hundred milliseconds then lapses for
    // that reason alone, which is not what this test is about.
    start(orms[0]!, { work, leaseMs: 3_000, renewEveryMs: 500, concurrency: 1 });
    start(orms[1]!, { work, leaseMs: 3_000, renewEveryMs: 500, concurrency: 1 });
    await waitFor(async () => (await tasks(label))[0]?.status === 'done', 'the long task done');
    expect(runs).toBe(1);
    expect(await tasks(label)).toMatchObject([{ id, status: 'done', tries: 1, done_count: 1 }]);
  });

  it('aborts the work of a worker whose lease was taken, and never records its end', async () => {
    const label = 'lost';
    const [id] = await enqueue(label);
    const aborted = deferred<unknown>();
    const lateEnd = deferred<unknown>();
    start(orms[0]!, {
      leaseMs: 400,
      renewEveryMs: 50,
      work: async (item, lease) => {
        // Another worker claims the item meanwhile (its lease ran out during a pause of this process).
        await sql(`update "${SCHEMA}"."task" set "tries" = "tries" + 1, "held_until" = now() + interval '1 minute' where "id" = ?`, [item.id]);
        await new Promise<void>((resolve) => lease.signal.addEventListener('abort', () => resolve(), { once: true }));
        aborted.resolve(lease.signal.reason);
        lateEnd.resolve(await finish(lease, item).catch((error: unknown) => error));
      },
    });
    expect(await aborted.promise).toBeInstanceOf(LeaseLostError);
    expect(await lateEnd.promise).toBeInstanceOf(LeaseLostError);
    expect(await tasks(label)).toMatchObject([{ id, status: 'queued', done_count: 0, tries: 2 }]);
  });

  it('retries a failing item after a backoff, and once its attempts are spent ends it dead with the last error', async () => {
    const label = 'flaky';
    const [id] = await enqueue(label);
    let calls = 0;
    start(orms[0]!, {
      work: async () => {
        calls += 1;
        throw new Error(`catalogue answered 500 (try ${calls})`);
      },
    });
    await waitFor(async () => (await tasks(label))[0]?.status === 'dead', 'the task to be dead');
    expect(calls).toBe(3);
    expect(await tasks(label)).toMatchObject([
      { id, status: 'dead', tries: 3, held_until: null, failure: 'catalogue answered 500 (try 3)', given_up: 'dead after 3: catalogue answered 500 (try 3)' },
    ]);
  });

  it("lets the lease go and clears an earlier attempt's error in the commit that ends the item, not in one after it", async () => {
    const label = 'one-commit';
    const [id] = await enqueue(label);
    const seen = deferred<{ working: TaskRow; ended: TaskRow; aborted: boolean }>();
    const queue = start(orms[0]!, {
      work: async (item, lease) => {
        if (item.attempt === 1) throw new Error('catalogue answered 503');
        // A commit that leaves the item in a ready state keeps the lease.
        await lease.commit((tx) => tx.execute(`update "${SCHEMA}"."task" set "status" = 'working' where "id" = ?`, [item.id]));
        const [working] = await tasks(label);
        await finish(lease, item);
        // Read while the work has not returned: the queue has done nothing after the service's commit.
        const [ended] = await tasks(label);
        seen.resolve({ working: working!, ended: ended!, aborted: lease.signal.aborted });
      },
    });
    const { working, ended, aborted } = await seen.promise;
    expect(working).toMatchObject({ id, status: 'working', tries: 2, held_until: expect.anything(), failure: 'catalogue answered 503' });
    expect(ended).toMatchObject({ id, status: 'done', tries: 2, done_count: 1, held_until: null, failure: null });
    expect(aborted).toBe(false);
    await queue.stop();
    expect(await tasks(label)).toMatchObject([{ id, status: 'done', tries: 2, done_count: 1, held_until: null, failure: null, given_up: null }]);
  });

  it('ends an item through the changes of a managed entity, flushed with the lease let go in the same commit', async () => {
    const label = 'managed-end';
    const [id] = await enqueue(label);
    const seen = deferred<TaskRow>();
    start(orms[0]!, {
      work: async (item, lease) => {
        const em = orms[0]!.em.fork();
        const task = await em.findOneOrFail(Task, { id: item.id });
        task.status = 'done';
        await lease.commit(() => undefined, em);
        const [ended] = await tasks(label);
        seen.resolve(ended!);
      },
    });
    expect(await seen.promise).toMatchObject({ id, status: 'done', tries: 1, held_until: null, failure: null });
  });

  it('ends an item failed at once on a deterministic fault, without retrying it', async () => {
    const label = 'poison';
    const [id] = await enqueue(label);
    let calls = 0;
    start(orms[0]!, {
      work: async () => {
        calls += 1;
        throw new DeterministicFault('The message carries 500,000 attributes.');
      },
    });
    await waitFor(async () => (await tasks(label))[0]?.status === 'failed', 'the task to fail');
    expect(calls).toBe(1);
    expect(await tasks(label)).toMatchObject([
      { id, status: 'failed', tries: 1, failure: 'The message carries 500,000 attributes.', given_up: 'failed after 1: The message carries 500,000 attributes.' },
    ]);
  });

  it('is woken by the commit that queues work, without waiting for its (here hour-long) poll', async () => {
    const label = 'woken';
    const orm = orms[0]!;
    const done: string[] = [];
    const queue = start(orm, {
      pollMs: 3_600_000,
      wakeOnCommitOf: [Task],
      work: async (item, lease) => {
        await finish(lease, item);
        done.push(item.id);
      },
    });
    // The first poll has run by the time the queue reports its backlog through the same pool.
    await waitFor(async () => (await queue.backlog()) === 0, 'the first poll over');
    const id = randomUUID();
    const em = orm.em.fork();
    em.create(Task, { id, status: 'queued', label });
    await em.flush();
    await waitFor(() => done.includes(id), 'the woken queue to run the new task');
    expect(await tasks(label)).toMatchObject([{ id, status: 'done', tries: 1 }]);
  });

  it('on stop, aborts the work in flight and hands its item back at once', async () => {
    const label = 'stopping';
    const [id] = await enqueue(label);
    const started = deferred();
    const queue = start(orms[0]!, {
      work: async (_item, lease) => {
        started.resolve();
        await new Promise<void>((resolve) => lease.signal.addEventListener('abort', () => resolve(), { once: true }));
        throw lease.signal.reason;
      },
    });
    await started.promise;
    await queue.stop();
    expect(await tasks(label)).toMatchObject([{ id, status: 'queued', tries: 1, held_until: null, failure: null }]);
  });
});
