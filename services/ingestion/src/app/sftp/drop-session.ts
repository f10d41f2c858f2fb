import { readFile } from 'node:fs/promises';
import { noDelayOnConnect, pinnedHostKey } from '@sv/platform';
import SftpClient from 'ssh2-sftp-client';
import type { DropFolderSettings } from '../../config.ts';

/**
 * The poller's SFTP session to the drop folder server, with its own key; the server's host key
 * is checked against the pinned fingerprint when one is configured.
 */
export const openDropSession = async (settings: DropFolderSettings): Promise<SftpClient> => {
  // The library's default listeners print to the console; a dropped connection reaches the
  // caller as the rejection of the operation in flight.
  const client = new SftpClient('sv-ingestion', { error: () => {}, end: () => {}, close: () => {} });
  noDelayOnConnect(client);
  await client.connect({
    host: settings.host,
    port: settings.port,
    username: settings.user,
    privateKey: await readFile(settings.privateKeyFile),
    readyTimeout: 15_000,
    ...pinnedHostKey(settings.hostKey),
  });
  return client;
};

/** Runs `work` with a session and always closes it. */
export const withDropSession = async <T>(settings: DropFolderSettings, work: (client: SftpClient) => Promise<T>): Promise<T> => {
  const client = await openDropSession(settings);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => false);
  }
};
