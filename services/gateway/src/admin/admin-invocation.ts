import { parseArgs } from 'node:util';
import { ADMIN_COMMANDS, type AdminCommand } from './admin-commands.ts';
import { describeAdminError, noAnswerKind, noAnswerMessage, type AdminBus } from './admin-errors.ts';
import { closestCommands, commandHelp, flagsOf, overviewHelp } from './admin-help.ts';
import type { AdminProgress } from './admin-report-load.ts';
import type { AdminEnvironment, AdminSession } from './admin-session.ts';

/** Every flag any command's schema accepts: a boolean flag is given bare, any other takes a value. */
const COMMAND_FLAGS = Object.fromEntries(
  Object.values(ADMIN_COMMANDS).flatMap((command) => flagsOf(command.flags).map((flag) => [flag.name, { type: flag.boolean ? ('boolean' as const) : ('string' as const) }])),
);

/**
 * One command's outcome: its JSON result, or the error the operator reads; warnings either way.
 * `text` is what a terminal shows instead of the result (help: everywhere); a command that ran
 * but found something wrong (`status` with a service not ready) fails with its result kept.
 */
export type AdminOutcome =
  | { ok: true; result: unknown; text?: string | undefined; help?: true; warnings: string[] }
  | { ok: false; error: string; result?: unknown; text?: string | undefined; help?: undefined; warnings: string[] };

/** The command of that name; never an inherited property of the table (`constructor`). */
const findCommand = (name: string): AdminCommand | undefined => (Object.hasOwn(ADMIN_COMMANDS, name) ? ADMIN_COMMANDS[name] : undefined);

const unknownCommand = (name: string): string => {
  const closest = closestCommands(Object.keys(ADMIN_COMMANDS), name);
  const guess = closest.length > 0 ? ` Did you mean ${closest.map((candidate) => `"${candidate}"`).join(' or ')}?` : '';
  return `Unknown command "${name}".${guess} See --help for every command.`;
};

/** The words that name a command, flags and their values left out (`--env sandbox tenant create --help` → tenant, create). */
const commandWords = (argv: string[]): string[] => {
  const words: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (!word.startsWith('-')) words.push(word);
    else if (!word.includes('=') && (word === '--env' || COMMAND_FLAGS[word.slice(2)]?.type === 'string')) index++;
  }
  return words.filter((word) => word !== 'help');
};

/** `help`, `--help`, `-h`: every command; `<group> --help`: the group's; `<group> <command> --help`: that command's usage. */
const help = (argv: string[]): AdminOutcome => {
  const words = commandWords(argv);
  const name = [words.slice(0, 2).join(' '), words[0] ?? ''].find((candidate) => findCommand(candidate));
  const inGroup = words.length === 1 && Object.keys(ADMIN_COMMANDS).some((candidate) => candidate.split(' ')[0] === words[0]);
  if (!name && words.length > 0 && !inGroup) return { ok: false, error: unknownCommand(words.slice(0, 2).join(' ')), warnings: [] };
  const text = name ? commandHelp(name, findCommand(name)!) : overviewHelp(ADMIN_COMMANDS, inGroup ? words[0] : undefined);
  return { ok: true, result: { help: text }, text, help: true, warnings: [] };
};

/**
 * Runs one operator command given as its arguments (`tenant create --slug acme …`, with
 * `--env sandbox` to target the sandbox) in the session's open environment; a long command shows
 * how far it has gone on `options.progress`. Never throws.
 */
export const runAdminInvocation = async (session: AdminSession, argv: string[], options: { progress?: AdminProgress } = {}): Promise<AdminOutcome> => {
  const warnings: string[] = [];
  let bus: AdminBus | undefined;
  try {
    if (argv[0] === 'help' || argv.includes('--help') || argv.includes('-h')) return help(argv);
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { env: { type: 'string', default: 'production' }, ...COMMAND_FLAGS },
    });
    if (positionals.length === 0) return { ok: false, error: 'No command given. See --help for every command.', warnings };
    const commandName = positionals.slice(0, 2).join(' ');
    const command = findCommand(commandName);
    if (!command) return { ok: false, error: unknownCommand(commandName), warnings };
    const { env: environment, ...flags } = values;
    if (environment !== 'production' && environment !== 'sandbox') return { ok: false, error: '--env must be production or sandbox.', warnings };
    const context = await session.contextFor(environment as AdminEnvironment, (message) => warnings.push(message));
    bus = context.bus;
    const { result, text, problem } = await command.run({ ...context, progress: options.progress }, flags);
    return problem === undefined ? { ok: true, result, text, warnings } : { ok: false, error: problem, result, text, warnings };
  } catch (error) {
    // A request sent without the context's `ask` (a long job's polling) still names the bus when nothing answered.
    const kind = noAnswerKind(error);
    if (kind && bus) return { ok: false, error: noAnswerMessage(bus, undefined, kind === 'timeout'), warnings };
    return { ok: false, error: describeAdminError(error), warnings };
  }
};
