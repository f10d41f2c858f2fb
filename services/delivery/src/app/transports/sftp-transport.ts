import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { noDelayOnConnect, pinnedHostKey, withTimeout } from '@sv/platform';
import SftpClient from 'ssh2-sftp-client';
import type { SftpEndpoint } from './endpoints.ts';
import { ACK_FILE, MAX_ACK_BYTES, StoreAccessRefused, uploadingName, type AcknowledgementFile, type Bundle, type StoreSession } from './transport.ts';

/** What ssh2 says when the server accepts none of the credentials offered, or the key cannot be read as one. */
const CREDENTIALS_REFUSED = /All configured authentication methods failed|Cannot parse privateKey/i;

/**
 * Connects with the endpoint's key, the server's host key checked against the pinned fingerprint
 * when one is configured (production always pins one). A key that cannot be read, a server that
 * refuses it, or a server that is not the pinned one is the configuration's fault: StoreAccessRefused.
 */
const connect = async (client: SftpClient, endpoint: SftpEndpoint, timeoutMs: number): Promise<void> => {
  const account = `${endpoint.username}@${endpoint.host}`;
  const privateKey = await readFile(endpoint.privateKeyFile).catch((error: NodeJS.ErrnoException) => {
    throw new StoreAccessRefused(`The private key of the SFTP account ${account} cannot be read (${error.code ?? error.message}).`);
  });
  const { hostVerifier } = pinnedHostKey(endpoint.hostKey);
  let hostKeyRefused = false;
  try {
    await client.connect({
      host: endpoint.host,
      port: endpoint.port,
      username: endpoint.username,
      privateKey,
      readyTimeout: timeoutMs,
      ...(hostVerifier
        ? {
            hostVerifier: (key: Buffer) => {
              hostKeyRefused = !hostVerifier(key);
              return !hostKeyRefused;
            },
          }
        : {}),
    });
  } catch (error) {
    await client.end().catch(() => false);
    if (hostKeyRefused) throw new StoreAccessRefused(`The SFTP server at ${endpoint.host}:${endpoint.port} did not present the pinned host key.`);
    if (CREDENTIALS_REFUSED.test((error as Error).message)) throw new StoreAccessRefused(`The SFTP server ${endpoint.host} refused the credentials configured for ${account}.`);
    throw error;
  }
};

/** Settles as `work` does, or rejects with the signal's reason once it is aborted. */
const abortable = <T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> => {
  if (!signal) return work;
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
  });
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
};

/** Opens an SFTP session to a store with its key (see connect). */
/** Files written to a store: the delivering account may change them, others on the server only read. */
const STORE_FILE_MODE = 0o644;

export const openSftpSession = async (endpoint: SftpEndpoint, timeoutMs: number): Promise<StoreSession> => {
  // The library's default listeners print to the console; a dropped connection reaches us as the
  // rejection of the operation in flight, which the delivery records as the attempt's error.
  const client = new SftpClient('sv-delivery', { error: () => {}, end: () => {}, close: () => {} });
  noDelayOnConnect(client);
  await connect(client, endpoint, timeoutMs);
  const root = endpoint.root;
  /**
   * Each operation gives up after the time-out (a stalled server must not hold a delivery
   * forever), or at once when the signal is aborted.
   */
  const step = <T>(work: Promise<T>, what: string, signal?: AbortSignal) => withTimeout(abortable(work, signal), timeoutMs, what);

  /** Uploads under a temporary name, then renames over whatever a failed attempt left behind. */
  const putAtomically = async (path: string, source: Parameters<SftpClient['put']>[0], signal: AbortSignal | undefined): Promise<void> => {
    const temporary = uploadingName(path);
    // The library asks for 0666; a store's files are theirs to read, not for every account there to change.
    await step(client.put(source, temporary, { writeStreamOptions: { mode: STORE_FILE_MODE } }), `upload of ${path}`, signal);
    await step(client.posixRename(temporary, path), `rename of ${path}`, signal);
  };

  return {
    async send(bundle: Bundle, signal?: AbortSignal) {
      // Stopped from outside (the delivery's lease lost): the step in flight rejects at once and the
      // connection is cut, so nothing after it (the ERN, BatchComplete) is written.
      const cut = () => void client.end().catch(() => false);
      signal?.addEventListener('abort', cut, { once: true });
      try {
        signal?.throwIfAborted();
        const batchDir = posix.join(root, bundle.batchId);
        const releaseDir = posix.join(batchDir, bundle.releaseFolder);
        const dirs = new Set([releaseDir, ...bundle.resources.map((file) => posix.dirname(posix.join(releaseDir, file.name)))]);
        for (const dir of dirs) await step(client.mkdir(dir, true), `mkdir ${dir}`, signal);
        for (const file of bundle.resources) await putAtomically(posix.join(releaseDir, file.name), await file.open(), signal);
        await putAtomically(posix.join(releaseDir, bundle.ern.name), Buffer.from(bundle.ern.xml, 'utf8'), signal);
        await putAtomically(posix.join(batchDir, bundle.batchComplete.name), Buffer.from(bundle.batchComplete.content, 'utf8'), signal);
      } finally {
        signal?.removeEventListener('abort', cut);
      }
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
