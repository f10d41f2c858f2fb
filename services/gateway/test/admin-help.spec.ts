import { ADMIN_COMMANDS } from '../src/admin/admin-commands.ts';
import { commandHelp, flagsOf, overviewHelp } from '../src/admin/admin-help.ts';
import { runAdminInvocation } from '../src/admin/admin-invocation.ts';
import { AdminSession } from '../src/admin/admin-session.ts';

/** Help needs neither the database nor the bus: a session that is never opened. */
const session = new AdminSession();
const run = (...argv: string[]) => runAdminInvocation(session, argv);

describe('the operator command: help made from each command\'s declaration', () => {
  const names = Object.keys(ADMIN_COMMANDS);

  it.each(names)('%s has a summary, an example of itself, and every flag its schema accepts in its help', (name) => {
    const command = ADMIN_COMMANDS[name]!;
    expect(command.summary.length).toBeGreaterThan(10);
    expect(command.example.startsWith(`${name} `) || command.example === name).toBe(true);
    const help = commandHelp(name, command);
    expect(help).toContain(command.summary);
    expect(help).toContain(`npm run -s admin -- ${command.example}`);
    for (const flag of Object.keys(command.flags.shape)) {
      const line = help.split('\n').find((candidate) => candidate.startsWith(`  --${flag} `));
      expect(line).toBeDefined();
      const declared = flagsOf(command.flags).find((entry) => entry.name === flag)!;
      expect(declared.description).not.toBe('');
      expect(line).toContain(declared.required ? 'required' : 'optional');
      // A flag's schema refusing an absent value is what makes it required.
      expect(declared.required).toBe(!command.flags.shape[flag]!.safeParse(undefined).success);
    }
  });

  it('a flag name means one kind of flag in every command (the command line is parsed once for all)', () => {
    const kinds = new Map<string, Set<boolean>>();
    for (const command of Object.values(ADMIN_COMMANDS)) {
      for (const flag of flagsOf(command.flags)) kinds.set(flag.name, (kinds.get(flag.name) ?? new Set()).add(flag.boolean));
    }
    expect([...kinds].filter(([, seen]) => seen.size > 1).map(([name]) => name)).toEqual([]);
    expect(kinds.has('env') || kinds.has('help')).toBe(false);
  });

  it('--help lists every command with its summary', () => {
    const overview = overviewHelp(ADMIN_COMMANDS);
    for (const name of names) expect(overview).toMatch(new RegExp(`^  ${name} +${ADMIN_COMMANDS[name]!.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  });

  it('marks the required flags and shows an enum flag\'s values', () => {
    const flags = flagsOf(ADMIN_COMMANDS['key create']!.flags);
    expect(flags.find((flag) => flag.name === 'tenant')).toMatchObject({ required: true, boolean: false });
    expect(flags.find((flag) => flag.name === 'roster')).toMatchObject({ required: false, boolean: true });
    expect(flags.find((flag) => flag.name === 'role')?.choices).toContain('owner');
  });

  it.each([['--help'], ['-h'], ['help']])('%s answers the overview', async (word) => {
    const outcome = await run(word);
    expect(outcome).toMatchObject({ ok: true, help: true });
    expect(outcome.text).toBe(overviewHelp(ADMIN_COMMANDS));
  });

  it('<group> <command> --help answers that command\'s usage, whatever other flags are given', async () => {
    const outcome = await run('tenant', 'create', '--slug', 'acme', '--help');
    expect(outcome.ok).toBe(true);
    expect(outcome.text).toBe(commandHelp('tenant create', ADMIN_COMMANDS['tenant create']!));
    expect((await run('help', 'key', 'create')).text).toBe(commandHelp('key create', ADMIN_COMMANDS['key create']!));
    expect((await run('--env', 'sandbox', 'status', '-h')).text).toBe(commandHelp('status', ADMIN_COMMANDS.status!));
  });

  it('<group> --help lists the group\'s commands only', async () => {
    const outcome = await run('tenant', '--help');
    expect(outcome.text).toContain('tenant suspend');
    expect(outcome.text).not.toContain('key create');
  });

  it('an unknown command names the closest command and --help', async () => {
    const typo = await run('tenat', 'create', '--slug', 'acme');
    expect(typo).toMatchObject({ ok: false });
    expect(!typo.ok && typo.error).toBe('Unknown command "tenat create". Did you mean "tenant create"? See --help for every command.');
    const unknownHelp = await run('nothing', 'here', '--help');
    expect(!unknownHelp.ok && unknownHelp.error).toMatch(/^Unknown command "nothing here"\. See --help/);
    const nothing = await run('--env', 'sandbox');
    expect(!nothing.ok && nothing.error).toBe('No command given. See --help for every command.');
    const inherited = await run('constructor');
    expect(!inherited.ok && inherited.error).toMatch(/^Unknown command "constructor"/);
  });
});
