import { writeFile } from 'node:fs/promises';
import { startSftpServer } from '@sv/testing';

/*
 * `npm start`'s SFTP server: a real OpenSSH server on loopback, as in the tests, serving the
 * stores' folders and the suppliers' drop folders. Writes the ingestion service's environment to
 * the file named by the second argument and then the delivery service's to the first (one
 * KEY=value a line; the first file appearing says both are there), then runs until stopped.
 */
const [deliveryTarget, dropTarget] = process.argv.slice(2);
if (!deliveryTarget || !dropTarget) throw new Error('usage: sftp-server.ts <delivery env file> <ingestion env file>');
/** Locally a supplier's upload is taken within seconds; production polls every minute. */
const LOCAL_POLL_MS = 5_000;
const server = await startSftpServer();
const lines = (env: Record<string, string>) => Object.entries(env).map(([key, value]) => `${key}=${value}`).join('\n') + '\n';
await writeFile(dropTarget, lines(server.dropEnv(LOCAL_POLL_MS)));
await writeFile(deliveryTarget, lines(server.deliveryEnv));
process.stderr.write(`SFTP server on 127.0.0.1:${server.port}: store folders in ${server.root}, drop folders in ${server.dropRoot}\n`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
setInterval(() => {}, 1 << 30);
