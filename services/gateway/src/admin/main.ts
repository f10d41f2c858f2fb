import { AdminSession } from './admin-session.ts';
import { runAdminBatch } from './admin-batch.ts';
import { runAdminInvocation } from './admin-invocation.ts';
import { stderrProgress } from './admin-report-load.ts';

/**
 * The operator command: `npm run -s admin -- <noun> <verb> [--flags] [--env sandbox]`.
 * Exactly one JSON document on stdout and exit 0; on failure `{"error": …}` on stderr, exit 1.
 * A long command (`analytics load`) shows its progress on stderr before that. `--help` prints text.
 * `status` prints one line per service on a terminal, else its JSON document, and exits 1 with its
 * error as well when a service is not ready.
 * `npm run -s admin -- batch` reads one command per line instead (see admin-batch.ts).
 */
const argv = process.argv.slice(2);
const session = new AdminSession();
let exitCode = 0;
try {
  if (argv.length === 1 && argv[0] === 'batch') {
    exitCode = (await runAdminBatch(session, process.stdin, process.stdout)) > 0 ? 1 : 0;
  } else {
    const outcome = await runAdminInvocation(session, argv, { progress: stderrProgress() });
    for (const warning of outcome.warnings) process.stderr.write(`${JSON.stringify({ warning })}\n`);
    // Help is text wherever it goes; a result with a text form shows it on a terminal only, so scripts keep the JSON.
    if (outcome.result !== undefined) {
      const help = outcome.ok && outcome.help === true;
      process.stdout.write(outcome.text !== undefined && (help || process.stdout.isTTY) ? outcome.text : `${JSON.stringify(outcome.result)}\n`);
    }
    if (!outcome.ok) {
      process.stderr.write(`${JSON.stringify({ error: outcome.error })}\n`);
      exitCode = 1;
    }
  }
} finally {
  await session.close();
}
process.exit(exitCode);
