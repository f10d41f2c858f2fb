import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';
import { sshPublicKeyLineFingerprint } from '@sv/platform';

const run = promisify(execFile);

/** Where Debian's openssh-server puts sshd; the bring-up installs it when it is missing. */
const SSHD = process.env.SV_SSHD_PATH ?? '/usr/sbin/sshd';
const KEYGEN = process.env.SV_SSH_KEYGEN_PATH ?? 'ssh-keygen';

/**
 * The account sshd runs as when the tests run as root: never root itself, so permissions hold.
 * The bring-up creates it (a system account with no usable password and no shell).
 */
const UNPRIVILEGED_USER = process.env.SV_SFTP_TEST_USER ?? 'sv-sftp';

export interface SftpServer {
  host: string;
  port: number;
  username: string;
  /** The client's private key (a file, as the delivery service reads it). */
  privateKeyFile: string;
  /** The server's host key fingerprint, `SHA256:<base64>`. */
  hostKey: string;
  /** The folder served: a path that is the same locally and over SFTP. */
  root: string;
  /** Environment for the delivery service to send every store's bundles here. */
  deliveryEnv: Record<string, string>;
  /** The suppliers' drop folders (`<dropRoot>/<tenant slug>/incoming`…). */
  dropRoot: string;
  /** Environment for the ingestion service to poll the drop folders here, every `pollMs`. */
  dropEnv(pollMs: number): Record<string, string>;
  stop(): Promise<void>;
}

const idOf = async (flag: '-u' | '-g', user: string): Promise<number> => Number((await run('id', [flag, user])).stdout.trim());

const waitForListening = async (child: ChildProcess, port: number, output: () => string): Promise<void> => {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sshd exited (${child.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.once('listening', () => socket.close(() => resolve(false)));
      socket.once('error', () => resolve(true));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`sshd did not listen on ${port}: ${output()}`);
};

/**
 * A real OpenSSH SFTP server on loopback for one test file (or for `npm start`): a free port, a
 * generated host key and a per-run client key, sftp only (no shell). When the tests run as root
 * it runs as an unprivileged account, so a folder made unwritable really is unwritable.
 */
export const startSftpServer = async (): Promise<SftpServer> => {
  const dir = await mkdtemp(join(tmpdir(), 'sv-sftp-'));
  const root = join(dir, 'store');
  await mkdir(root);
  const dropRoot = join(dir, 'drop');
  await mkdir(dropRoot);
  await run(KEYGEN, ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_key')]);
  await run(KEYGEN, ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'client_key')]);
  const asRoot = process.getuid?.() === 0;
  const username = asRoot ? UNPRIVILEGED_USER : (await run('id', ['-un'])).stdout.trim();
  // The platform's own key: sftp only, like every supplier key the ingestion service adds.
  const authorizedKeys = join(dir, 'authorized_keys');
  await writeFile(authorizedKeys, `restrict,command="internal-sftp -d ${root}" ${(await readFile(join(dir, 'client_key.pub'), 'utf8')).trim()}\n`);
  const port = await freePort();
  await writeFile(
    join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${authorizedKeys}`,
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'PermitRootLogin prohibit-password',
      `AllowUsers ${username}`,
      // Each key's own forced command (authorized_keys) holds it to sftp in its folder.
      'Subsystem sftp internal-sftp',
      'AllowTcpForwarding no',
      'X11Forwarding no',
      process.env.SV_SSHD_DEBUG ? 'LogLevel DEBUG3' : 'LogLevel ERROR',
    ].join('\n') + '\n',
  );
  const [uid, gid] = asRoot ? [await idOf('-u', UNPRIVILEGED_USER), await idOf('-g', UNPRIVILEGED_USER)] : [0, 0];
  if (asRoot) {
    for (const file of ['', 'store', 'drop', 'host_key', 'host_key.pub', 'authorized_keys', 'sshd_config']) await chown(join(dir, file), uid, gid);
  }
  await chmod(join(dir, 'host_key'), 0o600);
  const command = asRoot ? 'setpriv' : SSHD;
  const args = ['-D', '-e', '-f', join(dir, 'sshd_config')];
  const child = spawn(
    command,
    asRoot ? ['--reuid', String(uid), '--regid', String(gid), '--clear-groups', SSHD, ...args] : args,
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (process.env.SV_SSHD_DEBUG) child.stderr?.pipe(process.stderr);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForListening(child, port, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const hostKey = sshPublicKeyLineFingerprint(await readFile(join(dir, 'host_key.pub'), 'utf8'));
  const privateKeyFile = join(dir, 'client_key');
  return {
    host: '127.0.0.1',
    port,
    username,
    privateKeyFile,
    hostKey,
    root,
    deliveryEnv: {
      SV_DELIVERY_TRANSPORT: 'sftp',
      SV_DELIVERY_SFTP_HOST: '127.0.0.1',
      SV_DELIVERY_SFTP_PORT: String(port),
      SV_DELIVERY_SFTP_USER: username,
      SV_DELIVERY_SFTP_KEY_FILE: privateKeyFile,
      SV_DELIVERY_SFTP_HOST_KEY: hostKey,
      SV_DELIVERY_SFTP_ROOT: root,
    },
    dropRoot,
    dropEnv: (pollMs) => ({
      SV_INGESTION_SFTP_HOST: '127.0.0.1',
      SV_INGESTION_SFTP_PORT: String(port),
      SV_INGESTION_SFTP_USER: username,
      SV_INGESTION_SFTP_KEY_FILE: privateKeyFile,
      SV_INGESTION_SFTP_HOST_KEY: hostKey,
      SV_INGESTION_SFTP_ROOT: dropRoot,
      SV_INGESTION_SFTP_AUTHORIZED_KEYS: authorizedKeys,
      SV_INGESTION_SFTP_POLL_MS: String(pollMs),
    }),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      // The grace timer must not keep a finished test run alive.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
};
