import { writeLocalBus } from '@sv/testing';

/**
 * Writes the local NATS server's accounts, credentials and configuration (see local-bus.ts) for
 * the address in SV_NATS_URL, and prints `{"directory","configFile","changed"}`.
 */
const url = new URL((process.env.SV_NATS_URL ?? 'nats://127.0.0.1:4222').split(',')[0] ?? '');
const layout = writeLocalBus({ host: url.hostname || '127.0.0.1', port: Number(url.port || 4222) });
process.stdout.write(`${JSON.stringify(layout)}\n`);
