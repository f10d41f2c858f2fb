import { writeFile } from 'node:fs/promises';
import { startSftpServer } from '@sv/testing';

/*
 * `npm start`'s store endpoint: a real OpenSSH SFTP server on loopback, as in the tests. Writes
 * the delivery service's environment (one KEY=value a line) to the file named by the first
 * argument once it listens, then runs until it is stopped.
 */
const target = process.argv[2];
if (!target) throw new Error('usage: sftp-server.ts <env file>');
const server = await startSftpServer();
await writeFile(target, Object.entries(server.deliveryEnv).map(([key, value]) => `${key}=${value}`).join('\n') + '\n');
process.stderr.write(`SFTP store endpoint on 127.0.0.1:${server.port}, serving ${server.root}\n`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
setInterval(() => {}, 1 << 30);
