import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyLocalBusSubscribers } from '@sv/platform';
import { localBusDirectory, writeLocalBus } from '@sv/testing';

/**
 * write-local-bus.ts, then the internal subscribers the operator command recorded
 * (`bus subscriber --bus-state`, services/gateway/src/admin/admin-bus-subscriber.ts, which applies
 * them with the same kit function), so a rewrite of the configuration keeps them. Prints
 * `{"directory","configFile","changed"}`, changed against the file as it was before.
 */
const url = new URL((process.env.SV_NATS_URL ?? 'nats://127.0.0.1:4222').split(',')[0] ?? '');
const configFile = join(localBusDirectory(), 'nats.conf');
const before = existsSync(configFile) ? readFileSync(configFile, 'utf8') : undefined;
const layout = writeLocalBus({ host: url.hostname || '127.0.0.1', port: Number(url.port || 4222) });
applyLocalBusSubscribers(layout.directory);
process.stdout.write(`${JSON.stringify({ ...layout, changed: before !== readFileSync(layout.configFile, 'utf8') })}\n`);
