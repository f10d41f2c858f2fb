import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { z } from 'zod';
import { runAdminInvocation } from './admin-invocation.ts';
import type { AdminSession } from './admin-session.ts';

/** A batch line is one command's arguments as a JSON array of strings: `["tenant","create","--slug","acme"]`. */
const BatchLine = z.array(z.string().max(10_000)).min(1).max(64);

/** A longer line is refused unread: no command needs it. */
const MAX_LINE_CHARS = 100_000;

/**
 * `admin batch`: one command per input line, one JSON reply per line in the same order
 * (`{"ok":true,"result":…,"warnings":[…]}` or `{"ok":false,"error":"…","warnings":[…]}`), every
 * command in the same open session, so a script of many commands pays for one start. Resolves
 * with the number of commands that failed.
 */
export const runAdminBatch = async (session: AdminSession, input: Readable, output: Writable): Promise<number> => {
  let failed = 0;
  const reply = (line: object) => output.write(`${JSON.stringify(line)}\n`);
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    if (text.trim() === '') continue;
    const argv = text.length <= MAX_LINE_CHARS ? BatchLine.safeParse(safeJson(text)) : undefined;
    if (!argv?.success) {
      failed += 1;
      reply({ ok: false, error: 'Each line must be a JSON array of the command and its arguments as strings.', warnings: [] });
      continue;
    }
    // A batch reply is always JSON: a terminal's text form is left out.
    const { text: _text, help: _help, ...outcome } = await runAdminInvocation(session, argv.data);
    if (!outcome.ok) failed += 1;
    reply(outcome);
  }
  return failed;
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
