import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { ConfigError, DomainError, busSettings, connectNats, openDatabase } from '@sv/platform';
import type { NatsConnection } from '@nats-io/transport-node';
import { readAdminConfig } from '../config.ts';
import { GATEWAY_ENTITIES, GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from '../db/index.ts';
import { ADMIN_COMMANDS } from './admin-commands.ts';
import { CREDENTIAL_CACHE_TTL_MS } from '../app/auth/credential-cache-settings.ts';
import { publishAccessChanged } from '../nats/access-changes.ts';

/**
 * The operator command: `npm run -s admin -- <noun> <verb> [--flags] [--env sandbox]`.
 * Exactly one JSON document on stdout and exit 0; on failure `{"error": …}` on stderr, exit 1.
 */
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
];

const fail = (message: string): never => {
  process.stderr.write(`${JSON.stringify({ error: message })}\n`);
  process.exit(1);
};

const describe = (error: unknown): string => {
  if (error instanceof DomainError && error.fields && Object.keys(error.fields).length > 0) {
    const details = Object.entries(error.fields).map(([field, messages]) => `--${field}: ${messages.join(' ')}`);
    return `${error.message}: ${details.join('; ')}`;
  }
  return error instanceof Error ? error.message : String(error);
};

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      strict: true,
      options: {
        env: { type: 'string', default: 'production' },
        roster: { type: 'boolean' },
        ...Object.fromEntries(STRING_FLAGS.map((flag) => [flag, { type: 'string' as const }])),
      },
    });
  } catch (error) {
    return fail(describe(error));
  }
})();

const commandName = positionals.slice(0, 2).join(' ');
const command = ADMIN_COMMANDS[commandName];
if (!command) fail(`Unknown command "${commandName}". Commands: ${Object.keys(ADMIN_COMMANDS).join(', ')}.`);
const environment = values.env;
if (environment !== 'production' && environment !== 'sandbox') fail('--env must be production or sandbox.');

const config = (() => {
  try {
    return readAdminConfig(environment as 'production' | 'sandbox');
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
})();
const silent = pino({ level: 'silent' });
let nc: NatsConnection | undefined;
const orm = await openDatabase({
  url: config.databaseUrl,
  schema: GATEWAY_SCHEMA,
  entities: GATEWAY_ENTITIES,
  migrations: GATEWAY_MIGRATIONS,
  logger: silent,
  poolMax: 2,
}).catch((error: unknown) => fail(`Cannot open the ${environment} database: ${describe(error)}`));

const connect = async (): Promise<NatsConnection> => (nc ??= await connectNats(busSettings(config), 'admin', 'admin', silent));

/** Gateways cache credentials; this tells them at once. If NATS cannot be reached, they notice within their cache's lifetime. */
const ACCESS_CHANGE_TIMEOUT_MS = 5_000;
const announceAccessChange = async (tenantId: string): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('NATS did not answer')), ACCESS_CHANGE_TIMEOUT_MS);
  });
  try {
    await Promise.race([connect().then((connection) => publishAccessChanged(connection, config.subjectPrefix, tenantId)), timeout]);
  } catch (error) {
    process.stderr.write(`${JSON.stringify({ warning: `The change is saved, but running gateways could not be told at once (${describe(error)}); they apply it within ${CREDENTIAL_CACHE_TTL_MS / 1000} s.` })}\n`);
  } finally {
    clearTimeout(timer);
  }
};

let exitCode = 0;
try {
  const { env: _env, ...flags } = values;
  const result = await command!(
    {
      em: orm.em.fork(),
      nats: connect,
      subjectPrefix: config.subjectPrefix,
      accessChanged: announceAccessChange,
    },
    flags,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (error) {
  process.stderr.write(`${JSON.stringify({ error: describe(error) })}\n`);
  exitCode = 1;
} finally {
  await nc?.close();
  await orm.close(true);
}
process.exit(exitCode);
