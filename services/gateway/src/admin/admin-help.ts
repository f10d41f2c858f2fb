import { z } from 'zod';

/** One flag of a command, as its zod schema declares it. */
export interface AdminFlag {
  name: string;
  /** A boolean flag is given bare (`--roster`); every other flag takes a value. */
  boolean: boolean;
  required: boolean;
  description: string;
  /** The values an enum flag accepts; absent for free text. */
  choices: readonly string[] | undefined;
  defaultValue: unknown;
}

/** What a command declares beside its flags: the help is made from these, never written apart. */
export interface AdminCommandHelp {
  summary: string;
  flags: z.ZodObject;
  example: string;
}

/** Flags every command takes. */
export const GLOBAL_FLAGS: AdminFlag[] = [
  { name: 'env', boolean: false, required: false, description: 'the environment to act on', choices: ['production', 'sandbox'], defaultValue: 'production' },
  { name: 'help', boolean: true, required: false, description: 'print this help (also -h)', choices: undefined, defaultValue: undefined },
];

const wrapped = (schema: z.ZodType): z.ZodType | undefined => {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) return schema.unwrap() as z.ZodType;
  if (schema instanceof z.ZodPipe) return schema.in as z.ZodType;
  return undefined;
};

/** The schema under optional/default/transform wrappers, with the first description met on the way. */
const inner = (schema: z.ZodType): { base: z.ZodType; description: string | undefined; defaultValue: unknown } => {
  let base = schema;
  let description = schema.description;
  let defaultValue: unknown;
  for (let next = wrapped(base); next; next = wrapped(base)) {
    if (base instanceof z.ZodDefault) defaultValue = base.def.defaultValue;
    base = next;
    description ??= base.description;
  }
  return { base, description, defaultValue };
};

const isBooleanSchema = (schema: z.ZodType): boolean =>
  schema instanceof z.ZodBoolean || (schema instanceof z.ZodLiteral && [...schema.values].every((value) => typeof value === 'boolean'));

/** The flags a command's schema accepts, in declaration order. */
export const flagsOf = (schema: z.ZodObject): AdminFlag[] =>
  Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const { base, description, defaultValue } = inner(field);
    return {
      name,
      boolean: isBooleanSchema(base),
      required: !field.safeParse(undefined).success,
      description: description ?? '',
      choices: base instanceof z.ZodEnum ? (base.options as string[]) : undefined,
      defaultValue,
    };
  });

const flagUsage = (flag: AdminFlag): string => {
  const value = flag.boolean ? '' : ` <${flag.choices ? flag.choices.join('|') : flag.name}>`;
  return flag.required ? `--${flag.name}${value}` : `[--${flag.name}${value}]`;
};

const flagLine = (flag: AdminFlag): string => {
  const notes = [
    flag.required ? 'required' : 'optional',
    ...(flag.defaultValue === undefined ? [] : [`default ${String(flag.defaultValue)}`]),
    ...(flag.choices && flag.choices.length > 1 && !flag.boolean ? [`one of ${flag.choices.join(', ')}`] : []),
  ];
  return `  --${flag.name.padEnd(20)} ${flag.description}${flag.description ? ' ' : ''}(${notes.join('; ')})`;
};

const PROGRAM = 'npm run -s admin --';

/** `<group> <command> --help`: usage, each flag (required or not, default, choices) and an example. */
export const commandHelp = (name: string, command: AdminCommandHelp): string => {
  const flags = flagsOf(command.flags);
  return [
    `${PROGRAM} ${name}${flags.map((flag) => ` ${flagUsage(flag)}`).join('')} [--env production|sandbox]`,
    '',
    command.summary,
    '',
    ...(flags.length > 0 ? ['Flags:', ...flags.map(flagLine)] : ['Flags: none of its own.']),
    '',
    'Every command:',
    ...GLOBAL_FLAGS.map(flagLine),
    '',
    'Example:',
    `  ${PROGRAM} ${command.example}`,
    '',
  ].join('\n');
};

/** `--help`: every command with its one-line summary and its flags. */
export const overviewHelp = (commands: Record<string, AdminCommandHelp>, group?: string): string => {
  const names = Object.keys(commands).filter((name) => group === undefined || name.split(' ')[0] === group);
  const width = Math.max(...names.map((name) => name.length));
  return [
    `Usage: ${PROGRAM} <group> <command> [--flags] [--env production|sandbox]`,
    '',
    'The operator command: one JSON document on stdout and exit 0; on failure {"error": …} on stderr and exit 1.',
    '',
    'Commands:',
    ...names.flatMap((name) => {
      const command = commands[name]!;
      const flags = flagsOf(command.flags).map(flagUsage).join(' ');
      return [`  ${name.padEnd(width)}  ${command.summary}`, ...(flags ? [`  ${''.padEnd(width)}    ${flags}`] : [])];
    }),
    ...(group === undefined ? ['', `  ${'batch'.padEnd(width)}  Runs one command per stdin line (a JSON array of its arguments), one JSON reply per line.`] : []),
    '',
    'Every command:',
    ...GLOBAL_FLAGS.map(flagLine),
    '',
    `${PROGRAM} <group> <command> --help prints that command's flags and an example.`,
    '',
  ].join('\n');
};

/** Edits (insertions, deletions, substitutions) turning `a` into `b`. */
const distance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
};

/** The commands nearest to a mistyped one: those of the same group first, then the fewest edits away. */
export const closestCommands = (names: string[], typed: string): string[] => {
  const group = typed.split(' ')[0];
  const sameGroup = names.filter((name) => name.split(' ')[0] === group);
  const pool = sameGroup.length > 0 ? sameGroup : names;
  const scored = pool.map((name) => ({ name, score: distance(typed, name) }));
  const best = Math.min(...scored.map((entry) => entry.score));
  // Nothing reasonably close: no guess beats pointing at --help.
  if (sameGroup.length === 0 && best > Math.max(3, typed.length / 2)) return [];
  return scored.filter((entry) => entry.score === best).map((entry) => entry.name);
};
