import type { Client as SshClient } from 'ssh2';
import type SftpClient from 'ssh2-sftp-client';

/**
 * Turns Nagle's algorithm off once the TCP connection is up. SFTP is request and reply: with it
 * on, every small request (mkdir, rename, list, the last piece of a file) waits for the server's
 * delayed ACK, some 40 ms each, which made a one-track bundle take seconds instead of milliseconds.
 */
export const noDelayOnConnect = (client: SftpClient): void => {
  // ssh2-sftp-client keeps its ssh2 connection in `client` without typing it.
  const ssh = (client as unknown as { client: Pick<SshClient, 'once' | 'setNoDelay'> }).client;
  ssh.once('connect', () => ssh.setNoDelay(true));
};
