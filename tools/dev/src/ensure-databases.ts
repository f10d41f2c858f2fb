import { ensureDatabaseExists } from '@sv/platform';

/** Creates the production and sandbox databases when they are missing. */
const base = process.env.SV_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
for (const name of ['sv', 'sv_sandbox']) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  await ensureDatabaseExists(url.toString());
}
