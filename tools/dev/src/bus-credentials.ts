import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BUS_IDENTITIES, ENVIRONMENTS, busAccountUsers, subjectPrefix, type Environment } from '@sv/contracts';
import { publicKeyOf } from '@sv/testing';

/**
 * A deployment's bus credentials: `npm run -s bus-credentials -- --env production --out DIR`
 * writes one nkey seed per identity (DIR/<identity>.nk, kept: run it again to add a new identity
 * without rotating the others) and DIR/account.json, the environment's account for the cluster's
 * NATS configuration, with each identity's permissions under `sv.<env>`. Seeds go into Secrets
 * (deploy/README.md); the account file holds public keys only.
 */
const { values } = parseArgs({ options: { env: { type: 'string' }, out: { type: 'string' } } });
const environment = values.env as Environment;
if (!ENVIRONMENTS.includes(environment) || !values.out) {
  process.stderr.write(`${JSON.stringify({ error: 'usage: --env production|sandbox --out DIR' })}\n`);
  process.exit(1);
}
mkdirSync(values.out, { recursive: true, mode: 0o700 });
const keys = Object.fromEntries(BUS_IDENTITIES.map((identity) => [identity, publicKeyOf(join(values.out ?? '', `${identity}.nk`))]));
const account = { [environment.toUpperCase()]: { jetstream: 'enabled', users: busAccountUsers(keys as Record<(typeof BUS_IDENTITIES)[number], string>, subjectPrefix(environment)) } };
writeFileSync(join(values.out, 'account.json'), `${JSON.stringify(account, null, 2)}\n`);
process.stdout.write(`${JSON.stringify({ account: join(values.out, 'account.json'), credentials: BUS_IDENTITIES.map((identity) => join(values.out ?? '', `${identity}.nk`)) })}\n`);
