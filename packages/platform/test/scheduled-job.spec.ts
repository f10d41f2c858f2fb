import { startScheduledJob, type ScheduledJob, type ScheduledJobOptions } from '../src/index.ts';
import { captureLogger, deferred, silentLogger, waitFor } from './support/kit.ts';

/* The schedule itself (no lease): runs, failures and their backoff, wake-ups, stopping. */

const jobs: ScheduledJob[] = [];
const start = (options: Omit<ScheduledJobOptions, 'lease' | 'logger'> & Partial<Pick<ScheduledJobOptions, 'logger'>>) => {
  const job = startScheduledJob({ lease: false, logger: silentLogger(), ...options });
  jobs.push(job);
  return job;
};

afterEach(async () => {
  await Promise.all(jobs.splice(0).map((job) => job.stop()));
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a scheduled job', () => {
  it('runs at once, then again after each interval, never two runs at a time', async () => {
    let runs = 0;
    let running = 0;
    let overlapped = false;
    start({
      name: 'ticking',
      intervalMs: 5,
      run: async () => {
        running += 1;
        overlapped ||= running > 1;
        runs += 1;
        await pause(10);
        running -= 1;
      },
    });
    await waitFor(() => runs >= 5, 'five runs');
    expect(overlapped).toBe(false);
  });

  it('logs a failing run and goes on, after a backoff of at least the interval and at most the doubled interval per failure in a row', async () => {
    const { logger, lines } = captureLogger();
    let calls = 0;
    start({
      name: 'flaky',
      intervalMs: 20,
      logger,
      run: async () => {
        calls += 1;
        if (calls <= 3) throw new Error(`store unreachable ${calls}`);
      },
    });
    await waitFor(() => calls >= 5, 'runs after the failures');
    const failures = lines.filter((line) => line.job === 'flaky' && line.level === 40);
    expect(failures.map((line) => (line.err as { message: string }).message)).toEqual([
      'store unreachable 1',
      'store unreachable 2',
      'store unreachable 3',
    ]);
    expect(failures.map((line) => line.failures_in_row)).toEqual([1, 2, 3]);
    // Full jitter up to 20 * 2^n, never below the interval.
    failures.forEach((line, index) => {
      expect(line.retry_in_ms).toBeGreaterThanOrEqual(20);
      expect(line.retry_in_ms).toBeLessThanOrEqual(20 * 2 ** (index + 1));
    });
  });

  it('caps the backoff', async () => {
    const { logger, lines } = captureLogger();
    start({
      name: 'down',
      intervalMs: 1,
      longestBackoffMs: 4,
      logger,
      run: async () => {
        throw new Error('database is down');
      },
    });
    await waitFor(() => lines.length >= 5, 'five failures');
    for (const line of lines.slice(0, 5)) {
      expect(line.retry_in_ms).toBeGreaterThanOrEqual(1);
      expect(line.retry_in_ms).toBeLessThanOrEqual(4);
    }
  });

  it('stop() waits for the run in progress, and nothing runs after it', async () => {
    const gate = deferred();
    const started = deferred();
    let runs = 0;
    let finished = false;
    const job = start({
      name: 'slow',
      intervalMs: 1,
      run: async () => {
        runs += 1;
        started.resolve();
        await gate.promise;
        finished = true;
      },
    });
    await started.promise;
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await pause(50);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(finished).toBe(true);
    await pause(20);
    expect(runs).toBe(1);
  });

  it('runs at once when woken instead of at the end of the wait, also when woken during a run', async () => {
    let runs = 0;
    const gate = deferred();
    const job = start({
      name: 'woken',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        if (runs === 2) await gate.promise;
      },
    });
    await waitFor(() => runs === 1, 'the first run');
    job.wake();
    await waitFor(() => runs === 2, 'the run the wake-up asked for');
    // Woken while the second run is in progress: a third follows it without the minute's wait.
    job.wake();
    gate.resolve();
    await waitFor(() => runs === 3, 'the run after the wake-up during a run');
  });

  it('runs again at once while a run says it left work behind', async () => {
    let batches = 4;
    let runs = 0;
    start({
      name: 'batches',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        batches -= 1;
        return batches > 0;
      },
    });
    await waitFor(() => runs === 4, 'every batch');
    await pause(50);
    expect(runs).toBe(4);
  });
});
