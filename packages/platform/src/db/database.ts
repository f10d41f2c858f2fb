import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Migration } from '@mikro-orm/migrations';
import pg from 'pg';
import type { Logger } from '../log/logger.ts';
import { withTimeout } from '../queue/timeout.ts';
import { PLATFORM_ENTITIES } from './platform-entities.ts';
import { platformMigration, platformTraceMigration } from './platform-migration.ts';

export type { EntityManager };
export type Orm = MikroORM;

export interface MigrationEntry {
  name: string;
  class: new (...args: never[]) => Migration;
}

export interface DatabaseOptions {
  url: string;
  /** The service's own Postgres schema; no service touches another's. */
  schema: string;
  entities: unknown[];
  migrations: MigrationEntry[];
  logger: Logger;
  poolMax?: number;
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Creates the database named in `url` when it is missing (local and test set-ups). */
export const ensureDatabaseExists = async (url: string): Promise<void> => {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${quoteIdent(name)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created concurrently
      });
    }
  } finally {
    await client.end();
  }
};

/**
 * Runs the service's migrations under an advisory lock, so replicas starting together migrate
 * once. The lock lives on a dedicated connection held for the whole run.
 */
const migrateLocked = async (orm: MikroORM, options: DatabaseOptions): Promise<void> => {
  const lockClient = new pg.Client({ connectionString: options.url });
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock(hashtext($1))', [`sv:migrate:${options.schema}`]);
    await orm.em.getConnection().execute(`create schema if not exists ${quoteIdent(options.schema)}`);
    const applied = await orm.migrator.up();
    if (applied.length > 0) options.logger.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  } finally {
    await lockClient.query('select pg_advisory_unlock(hashtext($1))', [`sv:migrate:${options.schema}`]).catch(() => {});
    await lockClient.end();
  }
};

/** Opens the ORM on the service's schema and brings that schema up to date. */
export const openDatabase = async (options: DatabaseOptions): Promise<MikroORM> => {
  await ensureDatabaseExists(options.url);
  const orm = await MikroORM.init({
    clientUrl: options.url,
    schema: options.schema,
    entities: [...PLATFORM_ENTITIES, ...options.entities] as never[],
    extensions: [Migrator],
    ensureDatabase: false,
    pool: { min: 0, max: options.poolMax ?? 10 },
    migrations: {
      tableName: 'mikro_orm_migrations',
      silent: true,
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      migrationsList: [platformMigration(options.schema), ...options.migrations, platformTraceMigration(options.schema)] as never[],
    },
    debug: false,
  });
  await migrateLocked(orm, options);
  return orm;
};

/** The database half of the health check: a `select 1` with a deadline. */
export const pingDatabase = async (
  orm: MikroORM,
  timeoutMs = 2000,
): Promise<{ ok: boolean; duration_ms: number; error: string | null }> => {
  const started = performance.now();
  try {
    await withTimeout(orm.em.getConnection().execute('select 1'), timeoutMs, 'the database ping');
    return { ok: true, duration_ms: Math.round(performance.now() - started), error: null };
  } catch (error) {
    return {
      ok: false,
      duration_ms: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
};
