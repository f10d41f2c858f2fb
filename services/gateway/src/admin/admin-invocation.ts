import { parseArgs } from 'node:util';
import { ADMIN_COMMANDS } from './admin-commands.ts';
import { describeAdminError } from './admin-errors.ts';
import type { AdminProgress } from './admin-report-load.ts';
import type { AdminEnvironment, AdminSession } from './admin-session.ts';

const STRING_FLAGS = [
  'release',
  'dsp',
  'stage',
  'slug',
  'name',
  'parent',
  'domain',
  'days-overdue',
  'releases-per-year',
  'video-distribution',
  'tenant',
  'email',
  'password',
  'role',
  'artist',
  'expires-at',
  'key',
  'file',
  'store',
];

/** One command's outcome: its JSON result, or the error the operator reads; warnings either way. */
export type AdminOutcome =
  | { ok: true; result: unknown; warnings: string[] }
  | { ok: false; error: string; warnings: string[] };

/**
 * Runs one operator command given as its arguments (`tenant create --slug acme …`, with
 * `--env sandbox` to target the sandbox) in the session's open environment; a long command shows
 * how far it has gone on `options.progress`. Never throws.
 */
export const runAdminInvocation = async (session: AdminSession, argv: string[], options: { progress?: AdminProgress } = {}): Promise<AdminOutcome> => {
  const warnings: string[] = [];
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        env: { type: 'string', default: 'production' },
        roster: { type: 'boolean' },
        'no-wait': { type: 'boolean' },
        ...Object.fromEntries(STRING_FLAGS.map((flag) => [flag, { type: 'string' as const }])),
      },
    });
    const commandName = positionals.slice(0, 2).join(' ');
    const command = ADMIN_COMMANDS[commandName];
    if (!command) {
      return { ok: false, error: `Unknown command "${commandName}". Commands: ${Object.keys(ADMIN_COMMANDS).join(', ')}.`, warnings };
    }
    const { env: environment, ...flags } = values;
    if (environment !== 'production' && environment !== 'sandbox') return { ok: false, error: '--env must be production or sandbox.', warnings };
    const context = await session.contextFor(environment as AdminEnvironment, (message) => warnings.push(message));
    return { ok: true, result: await command({ ...context, progress: options.progress }, flags), warnings };
  } catch (error) {
    return { ok: false, error: describeAdminError(error), warnings };
  }
};
