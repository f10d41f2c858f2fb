import { freePort } from '@sv/testing/free-port';

/** Prints a loopback port free right now: where the bring-up starts its own NATS server when the usual one is taken. */
process.stdout.write(`${await freePort()}\n`);
