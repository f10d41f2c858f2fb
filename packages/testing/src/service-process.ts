import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

/** The repository root, from this file's place in packages/testing/src. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/**
 * The environment a test's Node child process runs with: the test's own on top of this one, and
 * one compile cache for every child of the run. A run starts several hundred service and operator
 * processes from the same sources; with the cache each loads the modules' compiled code (and the
 * TypeScript already stripped) instead of parsing them again, which was much of a start's CPU on a
 * two-core machine. Node keys an entry by the source's hash and ignores a damaged one; a caller's
 * own NODE_COMPILE_CACHE (empty: none) wins.
 */
export const childProcessEnv = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), 'sv-test-compile-cache'),
  ...env,
});

/** Loaded before every service's main.ts, as in production (tracing starts there when configured). */
export const TRACING_PRELOAD = pathToFileURL(resolve(REPO_ROOT, 'packages/platform/src/tracing/preload.ts')).href;

export interface ServiceProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Every log line written so far, parsed where it is JSON. */
  readonly logs: Record<string, unknown>[];
  /** Resolves with the first log line matching `predicate`, waiting up to `timeoutMs`. */
  waitForLog(predicate: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** SIGTERM (graceful drain), then SIGKILL after a grace period. */
  stop(): Promise<void>;
  /** SIGKILL at once: a crash. */
  kill(): Promise<void>;
}

/**
 * Runs a real service process (`node --import <tracing preload> <entry>`) with the given environment, exactly as in
 * production but on the test's own database and subject prefix.
 */
export const spawnServiceProcess = (
  name: string,
  entry: string,
  env: Record<string, string>,
): ServiceProcess => {
  const child = spawn(process.execPath, ['--import', TRACING_PRELOAD, resolve(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env: childProcessEnv({ SV_LOG_PRETTY: '0', SV_LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Lines are kept as text and parsed only when someone looks (a waiter, or `logs`): a service
  // under benchmark load writes a line per request, and parsing each would load this process.
  const logs: Record<string, unknown>[] = [];
  const unparsed: string[] = [];
  const parseLine = (text: string): Record<string, unknown> => {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { msg: text };
    }
  };
  const parsePending = (): void => {
    for (const text of unparsed.splice(0)) logs.push(parseLine(text));
  };
  const waiters = new Set<{ predicate: (line: Record<string, unknown>) => boolean; resolve: (line: Record<string, unknown>) => void }>();
  let buffer = '';
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const end = buffer.lastIndexOf('\n');
    if (end < 0) return;
    const complete = buffer.slice(0, end).split('\n');
    buffer = buffer.slice(end + 1);
    if (waiters.size === 0) {
      unparsed.push(...complete);
      return;
    }
    parsePending();
    for (const text of complete) {
      const line = parseLine(text);
      logs.push(line);
      for (const waiter of waiters) {
        if (waiter.predicate(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));

  // Generous: on a loaded two-core machine a cold start (type stripping, migrations) can be slow.
  const waitForLog: ServiceProcess['waitForLog'] = (predicate, timeoutMs = 90_000) => {
    parsePending();
    const seen = logs.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolveWait, rejectWait) => {
      const waiter = {
        predicate,
        resolve: (line: Record<string, unknown>) => {
          clearTimeout(timer);
          resolveWait(line);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        parsePending();
        rejectWait(new Error(`${name}: expected log line did not appear in ${timeoutMs} ms. Last lines:\n${logs.slice(-15).map((l) => JSON.stringify(l)).join('\n')}`));
      }, timeoutMs);
      waiters.add(waiter);
      void exited.then(() => {
        if (waiters.has(waiter)) {
          waiters.delete(waiter);
          clearTimeout(timer);
          parsePending();
          rejectWait(new Error(`${name} exited before the expected log line. Last lines:\n${logs.slice(-15).map((l) => JSON.stringify(l)).join('\n')}`));
        }
      });
    });
  };

  const signal = async (sig: NodeJS.Signals, graceMs: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(sig);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

  return {
    name,
    child,
    get logs() {
      parsePending();
      return logs;
    },
    waitForLog,
    stop: () => signal('SIGTERM', 10_000),
    kill: () => signal('SIGKILL', 0),
  };
};
