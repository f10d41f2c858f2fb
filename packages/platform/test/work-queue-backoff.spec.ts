import { backoffDelayMs, TimeoutError, withTimeout, WorkTable } from '../src/index.ts';

/* The kit's one backoff (full jitter, capped), its one time-out, and the queue's refusal of names it cannot quote. */

describe('backoffDelayMs', () => {
  const policy = { baseMs: 1_000, capMs: 30_000 };

  it('waits between 0 and min(cap, base * 2^attempt), at the ends of the random range', () => {
    for (const attempt of [0, 1, 2, 3, 4, 5, 10, 40]) {
      const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
      expect(backoffDelayMs(attempt, policy, () => 0)).toBe(0);
      expect(backoffDelayMs(attempt, policy, () => 0.999_999)).toBe(Math.floor(ceiling * 0.999_999));
      expect(backoffDelayMs(attempt, policy, () => 0.5)).toBe(Math.floor(ceiling / 2));
    }
  });

  it('never goes past the cap, however many attempts were made', () => {
    for (const attempt of [5, 6, 20, 1_000, Number.MAX_SAFE_INTEGER]) {
      expect(backoffDelayMs(attempt, policy, () => 0.999_999)).toBeLessThanOrEqual(policy.capMs);
    }
  });

  it('spreads real random waits over the whole range, some below half the base (not "equal jitter")', () => {
    const waits = Array.from({ length: 2_000 }, () => backoffDelayMs(0, policy));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(policy.baseMs);
    expect(waits.filter((wait) => wait < policy.baseMs / 2).length).toBeGreaterThan(0);
    expect(waits.filter((wait) => wait >= policy.baseMs / 2).length).toBeGreaterThan(0);
  });
});

describe('withTimeout', () => {
  it('answers as the promise does when it settles first', async () => {
    await expect(withTimeout(Promise.resolve('done'), 1_000, 'a quick read')).resolves.toBe('done');
    await expect(withTimeout(Promise.reject(new Error('refused')), 1_000, 'a failing read')).rejects.toThrow('refused');
  });

  it('rejects with a TimeoutError naming the work when the promise does not settle in time', async () => {
    const never = new Promise<never>(() => undefined);
    const failure = await withTimeout(never, 20, 'publishing the batch').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TimeoutError);
    expect((failure as TimeoutError).message).toBe('publishing the batch did not finish within 20 ms');
  });
});

describe('WorkTable', () => {
  const table = { schema: 'svc', table: 'job', readyStates: ['queued'], failedState: 'failed', deadState: 'dead' };

  it('refuses names it cannot quote as plain SQL names', () => {
    expect(() => new WorkTable({ ...table, table: 'job"; drop table x; --' })).toThrow('is not a plain SQL name');
    expect(() => new WorkTable({ ...table, columns: { leaseUntil: 'lease until' } })).toThrow('is not a plain SQL name');
    expect(() => new WorkTable({ ...table, readyStates: ["queued' or 1=1"] })).toThrow('is not a plain state name');
    expect(() => new WorkTable({ ...table, readyStates: [] })).toThrow('at least one ready state');
    expect(() => new WorkTable(table)).not.toThrow();
  });
});
