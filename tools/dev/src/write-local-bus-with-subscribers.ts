import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENVIRONMENTS, withBusSubscribers, type BusSubscriber } from '@sv/contracts';
import { localBusDirectory, writeLocalBus } from '@sv/testing';

/**
 * write-local-bus.ts, then the internal subscribers the operator command recorded
 * (`bus subscriber --bus-state`, services/gateway/src/admin/admin-bus-subscriber.ts, which applies
 * them the same way), so a rewrite of the configuration keeps them. Prints
 * `{"directory","configFile","changed"}`, changed against the file as it was before.
 */
const url = new URL((process.env.SV_NATS_URL ?? 'nats://127.0.0.1:4222').split(',')[0] ?? '');
const configFile = join(localBusDirectory(), 'nats.conf');
const before = existsSync(configFile) ? readFileSync(configFile, 'utf8') : undefined;
const layout = writeLocalBus({ host: url.hostname || '127.0.0.1', port: Number(url.port || 4222) });

const written = readFileSync(layout.configFile, 'utf8');
const newline = written.indexOf('\n');
const config = JSON.parse(written.slice(newline + 1)) as { accounts: Record<string, { users: { nkey?: string }[] }> };
for (const environment of ENVIRONMENTS) {
  const store = join(layout.directory, environment, 'subscribers.json');
  const subscribers = existsSync(store) ? (JSON.parse(readFileSync(store, 'utf8')) as BusSubscriber[]) : [];
  const account = config.accounts[environment.toUpperCase()];
  // The local configuration matches any two-token prefix, as for the platform's own identities.
  if (account && subscribers.length > 0) account.users = withBusSubscribers(account.users, subscribers, '*.*');
}
const after = `${written.slice(0, newline + 1)}${JSON.stringify(config, null, 2)}\n`;
if (after !== written) writeFileSync(layout.configFile, after, { mode: 0o600 });
process.stdout.write(`${JSON.stringify({ ...layout, changed: before !== after })}\n`);
