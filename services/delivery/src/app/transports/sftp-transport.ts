import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { pinnedHostKey } from '@sv/platform';
import SftpClient from 'ssh2-sftp-client';
import type { SftpEndpoint } from './endpoints.ts';
import { ACK_FILE, MAX_ACK_BYTES, uploadingName, type AcknowledgementFile, type Bundle, type StoreSession } from './transport.ts';

/** Runs `work` but gives up after `ms`: a stalled server must not hold a delivery forever. */
const withTimeout = async <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Opens an SFTP session to a store with its key. The server's host key is checked against the
 * pinned fingerprint when one is configured (production always pins one).
 */
export const openSftpSession = async (endpoint: SftpEndpoint, timeoutMs: number): Promise<StoreSession> => {
  // The library's default listeners print to the console; a dropped connection reaches us as the
  // rejection of the operation in flight, which the delivery records as the attempt's error.
  const client = new SftpClient('sv-delivery', { error: () => {}, end: () => {}, close: () => {} });
  const privateKey = await readFile(endpoint.privateKeyFile);
  await client.connect({
    host: endpoint.host,
    port: endpoint.port,
    username: endpoint.username,
    privateKey,
    readyTimeout: timeoutMs,
    ...pinnedHostKey(endpoint.hostKey),
  });
  const root = endpoint.root;
  const step = <T>(work: Promise<T>, what: string) => withTimeout(work, timeoutMs, what);

  /** Uploads under a temporary name, then renames over whatever a failed attempt left behind. */
  const putAtomically = async (path: string, source: Parameters<SftpClient['put']>[0]): Promise<void> => {
    const temporary = uploadingName(path);
    await step(client.put(source, temporary), `upload of ${path}`);
    await step(client.posixRename(temporary, path), `rename of ${path}`);
  };

  return {
    async send(bundle: Bundle) {
      const batchDir = posix.join(root, bundle.batchId);
      const releaseDir = posix.join(batchDir, bundle.releaseFolder);
      const dirs = new Set([releaseDir, ...bundle.resources.map((file) => posix.dirname(posix.join(releaseDir, file.name)))]);
      for (const dir of dirs) await step(client.mkdir(dir, true), `mkdir ${dir}`);
      for (const file of bundle.resources) await putAtomically(posix.join(releaseDir, file.name), await file.open());
      await putAtomically(posix.join(releaseDir, bundle.ern.name), Buffer.from(bundle.ern.xml, 'utf8'));
      await putAtomically(posix.join(batchDir, bundle.batchComplete.name), Buffer.from(bundle.batchComplete.content, 'utf8'));
    },
    async acknowledgements() {
      const dir = posix.join(root, 'acks');
      if (!(await step(client.exists(dir), 'ack folder check'))) return [];
      const entries = await step(client.list(dir), 'ack listing');
      const files: AcknowledgementFile[] = [];
      for (const entry of entries.filter((item) => item.type === '-' && ACK_FILE.test(item.name)).sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.size > MAX_ACK_BYTES) continue;
        const content = await step(client.get(posix.join(dir, entry.name)), `read ${entry.name}`);
        files.push({ name: entry.name, content: Buffer.isBuffer(content) ? content : Buffer.from(String(content)) });
      }
      return files;
    },
    async archiveAcknowledgement(name: string) {
      const processed = posix.join(root, 'acks', 'processed');
      await step(client.mkdir(processed, true), 'mkdir processed');
      await step(client.posixRename(posix.join(root, 'acks', name), posix.join(processed, name)), `archive ${name}`);
    },
    async close() {
      await client.end().catch(() => false);
    },
  };
};
