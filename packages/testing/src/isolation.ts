import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { recordedNatsUrl } from './bus-address.ts';

/**
 * Where tests find Postgres and NATS; override with SV_TEST_POSTGRES_URL / SV_TEST_NATS_URL. NATS
 * is otherwise the address the bring-up recorded (var/nats.env), else 4222.
 */
export const TEST_POSTGRES_URL = process.env.SV_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.SV_TEST_NATS_URL ?? recordedNatsUrl() ?? 'nats://127.0.0.1:4222';

const token = (): string => randomBytes(5).toString('hex');

/** A subject prefix no other run uses, so runs sharing one NATS server never see each other. */
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

/** A fresh database for one test file; dropped (with its connections) afterwards. */
export const createTestDatabase = async (label = 'sv'): Promise<TestDatabase> => {
  const name = `${label.replace(/[^a-z0-9_]/g, '_')}_test_${token()}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
};
