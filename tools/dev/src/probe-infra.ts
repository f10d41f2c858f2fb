import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';

/**
 * Tells the bring-up scripts what is reachable: prints one JSON line
 * `{"postgres":"ok"|"<error>","nats":"ok"|"no-jetstream"|"<error>"}` and always exits 0.
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

const probeNats = async (): Promise<string> => {
  try {
    const nc = await connect({ servers: natsUrl, timeout: 2000, reconnect: false });
    try {
      const jsm = await jetstreamManager(nc, { timeout: 2000 });
      await jsm.getAccountInfo();
      return 'ok';
    } catch {
      return 'no-jetstream';
    } finally {
      await nc.close();
    }
  } catch (error) {
    return (error as Error).message || String(error);
  }
};

const [postgres, nats] = await Promise.all([probePostgres(), probeNats()]);
process.stdout.write(`${JSON.stringify({ postgres, nats })}\n`);
