import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { authenticatorFromFile } from '@sv/platform';
import { HARNESS_IDENTITY, localBusCredentials } from '@sv/testing';
import pg from 'pg';

/**
 * Tells the bring-up scripts what is reachable: prints one JSON line
 * `{"postgres":"ok"|"<error>","nats":"ok"|"open"|"refused-credentials"|"no-jetstream"|"<error>"}` and
 * always exits 0. NATS is `ok` only when it takes the local credentials and refuses a connection
 * without any; `open` is a server without authentication, which the platform does not use.
 */
const postgresUrl = process.env.SV_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.SV_NATS_URL ?? 'nats://127.0.0.1:4222';

const probePostgres = async (): Promise<string> => {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return 'ok';
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => {});
  }
};

const connects = async (withCredentials: boolean): Promise<true | Error> => {
  try {
    const nc = await connect({
      servers: natsUrl,
      timeout: 2000,
      reconnect: false,
      ...(withCredentials ? { authenticator: authenticatorFromFile(localBusCredentials('production', HARNESS_IDENTITY)) } : {}),
    });
    try {
      const jsm = await jetstreamManager(nc, { timeout: 2000 });
      await jsm.getAccountInfo();
      return true;
    } catch {
      return new Error('no-jetstream');
    } finally {
      await nc.close();
    }
  } catch (error) {
    return error as Error;
  }
};

const probeNats = async (): Promise<string> => {
  const anonymous = await connects(false);
  if (anonymous === true) return 'open';
  const authenticated = await connects(true);
  if (authenticated === true) return 'ok';
  if (/auth/i.test(authenticated.message) || /auth/i.test(authenticated.name)) return 'refused-credentials';
  return authenticated.message || String(authenticated);
};

const [postgres, nats] = await Promise.all([probePostgres(), probeNats()]);
process.stdout.write(`${JSON.stringify({ postgres, nats })}\n`);
