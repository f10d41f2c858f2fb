import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { AdminResult } from './platform.ts';
import { REPO_ROOT, childProcessEnv } from './service-process.ts';

type Reply = { ok: true; result: Record<string, any>; warnings: string[] } | { ok: false; error: string; warnings: string[] };

/** What the one-shot command would have printed and exited with, for the same outcome. */
const asCommandResult = (reply: Reply): AdminResult => {
  const warnings = reply.warnings.map((warning) => `${JSON.stringify({ warning })}\n`).join('');
  return reply.ok
    ? { code: 0, stdout: `${JSON.stringify(reply.result)}\n`, stderr: warnings, json: reply.result }
    : { code: 1, stdout: '', stderr: `${warnings}${JSON.stringify({ error: reply.error })}\n`, json: { error: reply.error } };
};

export interface AdminBatchClient {
  run(args: string[]): Promise<AdminResult>;
  close(): Promise<void>;
}

/**
 * One `admin batch` process for a test platform, fed one command at a time: a test's many operator
 * commands pay for one process start instead of one each.
 */
export const adminBatchClient = (entry: string, env: Record<string, string>): AdminBatchClient => {
  let child: ChildProcessWithoutNullStreams | undefined;
  let exited: Promise<void> = Promise.resolve();
  const waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void }[] = [];
  let stderr = '';
  let queue: Promise<unknown> = Promise.resolve();

  const start = (): ChildProcessWithoutNullStreams => {
    const started = spawn(process.execPath, [resolve(REPO_ROOT, entry), 'batch'], {
      cwd: REPO_ROOT,
      env: childProcessEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    stderr = '';
    started.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    createInterface({ input: started.stdout }).on('line', (line) => waiting.shift()?.resolve(JSON.parse(line) as Reply));
    exited = new Promise((resolveExit) =>
      started.once('close', () => {
        child = undefined;
        for (const pending of waiting.splice(0)) pending.reject(new Error(`admin batch exited: ${stderr}`));
        resolveExit();
      }),
    );
    return started;
  };

  const send = (args: string[]): Promise<Reply> =>
    new Promise((resolveReply, rejectReply) => {
      child ??= start();
      waiting.push({ resolve: resolveReply, reject: rejectReply });
      child.stdin.write(`${JSON.stringify(args)}\n`);
    });

  return {
    // One command at a time, in the order asked, as a shell running them one after another.
    run(args) {
      const result = queue.then(() => send(args)).then(asCommandResult);
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      await queue;
      if (!child) return;
      const running = child;
      running.stdin.end();
      const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
};
