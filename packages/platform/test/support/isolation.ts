import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/*
 * The platform package may depend on contracts only (module boundaries), so its tests cannot use
 * the shared test helpers; this is the small part of them they need: a private database and a
 * private subject prefix on the real Postgres and NATS.
 */
export const TEST_POSTGRES_URL = process.env.SV_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.SV_TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** The local bus's unrestricted test identity (written by the bring-up; see packages/testing's local-bus.ts). */
const harnessCredentials = join(process.env.SV_NATS_STATE_DIR ?? join(homedir(), '.local', 'state', 'sv', 'nats'), 'production', 'harness.nk');
export const TEST_BUS = {
  url: TEST_NATS_URL,
  credentialsFile: existsSync(harnessCredentials) ? harnessCredentials : undefined,
  caFile: undefined,
};

const token = (): string => randomBytes(5).toString('hex');

export const uniqueSubjectPrefix = (): string => `t.${token()}`;

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

const adminQuery = async (sql: string): Promise<void> => {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

export const createTestDatabase = async (label: string): Promise<TestDatabase> => {
  const name = `${label}_test_${token()}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(`drop database if exists "${name}" with (force)`) };
};
