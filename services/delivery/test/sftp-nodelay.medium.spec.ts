import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { startSftpServer, watchingNoDelay, type SftpServer } from '@sv/testing';
import { openSftpSession } from '../src/app/transports/sftp-transport.ts';

/**
 * The SFTP transport's connection sends each request at once (Nagle off): with Nagle on, every
 * small request (mkdir, rename, a file's last piece) waited for the server's delayed ACK, and a
 * one-track delivery spent seconds on the wire instead of milliseconds.
 */
describe('SFTP transport connection', () => {
  let server: SftpServer;
  beforeAll(async () => {
    server = await startSftpServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('turns Nagle off on its connection to the store, and still sends the bundle', async () => {
    // What this process asks of its sockets to the server (the server is another process, sshd).
    await watchingNoDelay(async (asked) => {
      const session = await openSftpSession(
        { transport: 'sftp', host: server.host, port: server.port, username: server.username, privateKeyFile: server.privateKeyFile, hostKey: server.hostKey, root: join(server.root, 'nodelay') },
        10_000,
      );
      try {
        expect(asked).toContainEqual({ port: server.port, noDelay: true, connected: true });
        await session.send({
          batchId: '20261128000000001',
          releaseFolder: '0860000000017',
          ern: { name: '0860000000017.xml', xml: '<ern/>' },
          resources: [{ name: 'resources/0860000000017.jpg', size: 3, open: async () => Readable.from([Buffer.from('jpg')]) }],
          batchComplete: { name: 'BatchComplete_20261128000000001.xml', content: '<batch/>' },
        });
      } finally {
        await session.close();
      }
    });
    const files = await readdir(join(server.root, 'nodelay'), { recursive: true });
    expect(files).toEqual(expect.arrayContaining(['20261128000000001/BatchComplete_20261128000000001.xml', '20261128000000001/0860000000017/0860000000017.xml']));
  }, 60_000);
});
