import { startSftpServer, watchingNoDelay, type SftpServer } from '@sv/testing';
import { withDropSession } from '../src/app/sftp/drop-session.ts';

/**
 * The drop folder session sends each request at once (Nagle off): with Nagle on, every small
 * request (list, rename, a report's write) waited for the server's delayed ACK, some 40 ms each.
 */
describe('SFTP drop folder session', () => {
  let server: SftpServer;
  beforeAll(async () => {
    server = await startSftpServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('turns Nagle off on its connection to the drop folder server, and the session still answers', async () => {
    // What this process asks of its sockets to the server (the server is another process, sshd).
    const home = await watchingNoDelay((asked) =>
      withDropSession(
        {
          host: server.host,
          port: server.port,
          user: server.username,
          privateKeyFile: server.privateKeyFile,
          hostKey: server.hostKey,
          root: server.dropRoot,
          keysDir: server.keysDir,
          pollMs: 1_000,
        },
        async (client) => {
          expect(asked).toContainEqual({ port: server.port, noDelay: true, connected: true });
          // A round trip on the session: where the server puts the poller's user.
          return client.cwd();
        },
      ),
    );
    expect(home).toMatch(/^\//);
  }, 60_000);
});
