import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';
import { sshPublicKeyLineFingerprint } from '@sv/platform';

const run = promisify(execFile);

/** Where Debian's openssh-server puts sshd; the bring-up installs it when it is missing. */
const SSHD = process.env.SV_SSHD_PATH ?? '/usr/sbin/sshd';
const KEYGEN = process.env.SV_SSH_KEYGEN_PATH ?? 'ssh-keygen';

/**
 * The platform's own account (the delivery service and the drop-folder poller log in as it) when
 * the tests run as root: never root itself, so permissions hold. The bring-up creates it (a
 * system account with no usable password and no shell).
 */
const UNPRIVILEGED_USER = process.env.SV_SFTP_TEST_USER ?? 'sv-sftp';
/** The group of every supplier account; sshd jails its members in their own folder. */
const SUPPLIERS_GROUP = process.env.SV_SFTP_SUPPLIERS_GROUP ?? 'sv-drop-suppliers';
/**
 * Where a server run as root keeps its files: sshd jails a supplier only in a folder whose every
 * parent is root's and writable by no one else, which rules out /tmp.
 */
const ROOT_BASE = process.env.SV_SFTP_ROOT_BASE ?? '/var/lib/sv-sftp';
/** The production provisioning script: it makes the supplier accounts and folders ingestion asks for. */
const PROVISION_SCRIPT = fileURLToPath(new URL('../../../deploy/sftp/provision-suppliers.sh', import.meta.url));

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
  /**
   * The suppliers' drop folders (`<dropRoot>/<folder>/incoming`…), each the jail of its
   * supplier's own account. Only when run as root: sshd can neither jail nor switch accounts
   * otherwise, and then no supplier can log in.
   */
  dropRoot: string;
  /** The folder of public keys, one file per account, that ingestion writes and sshd reads. */
  keysDir: string;
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

/** Runs a command that takes the lock on /etc/passwd, trying again while another holds it. */
const withAccountsLock = async (command: string, args: string[]): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    try {
      await run(command, args);
      return;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
};

/** The supplier accounts whose folder is under `dir` (none when the group does not exist yet). */
const supplierAccountsUnder = async (dir: string): Promise<{ name: string; home: string }[]> => {
  const group = await run('getent', ['group', SUPPLIERS_GROUP]).catch(() => null);
  const gid = group?.stdout.split(':')[2];
  if (!gid) return [];
  const { stdout } = await run('getent', ['passwd']);
  return stdout
    .split('\n')
    .map((line) => line.split(':'))
    .filter((fields) => fields[3] === gid && fields[5]?.startsWith(`${dir}/`))
    .map((fields) => ({ name: fields[0]!, home: fields[5]! }));
};

/** Accounts a run that was killed left behind: their folder is gone. */
const removeStaleAccounts = async (): Promise<void> => {
  for (const account of await supplierAccountsUnder(ROOT_BASE)) {
    const gone = await run('test', ['-d', account.home]).then(
      () => false,
      () => true,
    );
    if (gone) await withAccountsLock('userdel', ['--force', account.name]).catch(() => undefined);
  }
};

/**
 * Runs the provisioning script each time ingestion writes a key, as a systemd path unit does in
 * production: one run at a time, and one more after it when keys changed meanwhile.
 */
const provisionOnChange = (args: string[], report: (text: string) => void): { watcher: FSWatcher; settled: () => Promise<void> } => {
  let queued = false;
  let chain = Promise.resolve();
  const provision = () => {
    if (queued) return;
    queued = true;
    chain = chain.then(async () => {
      queued = false;
      await run('bash', [PROVISION_SCRIPT, ...args]).catch((error: Error & { stderr?: string }) => report(`provision-suppliers: ${error.stderr ?? error.message}`));
    });
  };
  const watcher = watch(args[0]!, provision);
  provision();
  return { watcher, settled: () => chain };
};

/**
 * A real OpenSSH SFTP server on loopback for one test file (or for `npm start`): a free port, a
 * generated host key and a per-run client key, sftp only (no shell). Run as root (these machines
 * and CI), it is the production set-up of deploy/sftp: sshd as root, the platform's key logging
 * in as an unprivileged account (so a folder made unwritable really is unwritable), and each
 * supplier as its own account jailed in its folder, made by the provisioning script when
 * ingestion writes the supplier's key. Otherwise it runs as the current user and serves the
 * stores' folders only.
 */
export const startSftpServer = async (): Promise<SftpServer> => {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    await mkdir(ROOT_BASE, { recursive: true, mode: 0o755 });
    await removeStaleAccounts();
  }
  const dir = await mkdtemp(join(asRoot ? ROOT_BASE : tmpdir(), 'sv-sftp-'));
  await chmod(dir, 0o755);
  const root = join(dir, 'store');
  await mkdir(root);
  const dropRoot = join(dir, 'drop');
  await mkdir(dropRoot, { mode: 0o711 });
  const keysDir = join(dir, 'keys');
  await mkdir(keysDir, { mode: 0o755 });
  await run(KEYGEN, ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_key')]);
  await run(KEYGEN, ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'client_key')]);
  const username = asRoot ? UNPRIVILEGED_USER : (await run('id', ['-un'])).stdout.trim();
  // The platform's own key, in the keys folder under its account's name: sftp only, started in the stores' folder.
  await writeFile(join(keysDir, username), `restrict,command="internal-sftp -d ${root}" ${(await readFile(join(dir, 'client_key.pub'), 'utf8')).trim()}\n`, { mode: 0o644 });
  const port = await freePort();
  const pollerGroup = asRoot ? (await run('id', ['-gn', UNPRIVILEGED_USER])).stdout.trim() : '';
  await writeFile(
    join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      // As root, keys are read as deploy/sftp/sshd_config.drop reads them; unprivileged sshd cannot switch to another account to run a command.
      ...(asRoot
        ? ['AuthorizedKeysFile none', `AuthorizedKeysCommand /bin/cat ${keysDir}/%u`, `AuthorizedKeysCommandUser ${UNPRIVILEGED_USER}`, `AllowGroups ${pollerGroup} ${SUPPLIERS_GROUP}`]
        : [`AuthorizedKeysFile ${keysDir}/%u`, 'StrictModes no', `AllowUsers ${username}`]),
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'PermitRootLogin no',
      'Subsystem sftp internal-sftp',
      'AllowTcpForwarding no',
      'AllowAgentForwarding no',
      'X11Forwarding no',
      'PermitTTY no',
      process.env.SV_SSHD_DEBUG ? 'LogLevel DEBUG3' : 'LogLevel ERROR',
      // Each supplier sees its own folder as the whole file system: it cannot leave it or change it.
      ...(asRoot ? [`Match Group ${SUPPLIERS_GROUP}`, '    ChrootDirectory %h', '    ForceCommand internal-sftp -d / -u 0007'] : []),
    ].join('\n') + '\n',
  );
  if (asRoot) {
    await chown(root, await idOf('-u', UNPRIVILEGED_USER), await idOf('-g', UNPRIVILEGED_USER));
    // sshd's privilege separation directory, which a machine that never ran sshd lacks.
    await mkdir('/run/sshd', { recursive: true, mode: 0o755 });
  }
  await chmod(join(dir, 'host_key'), 0o600);
  const child = spawn(SSHD, ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'pipe', 'pipe'] });
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
  const provisioner = asRoot ? provisionOnChange([keysDir, dropRoot, pollerGroup, SUPPLIERS_GROUP], (text) => process.stderr.write(`${text}\n`)) : null;
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
    keysDir,
    dropEnv: (pollMs) => ({
      SV_INGESTION_SFTP_HOST: '127.0.0.1',
      SV_INGESTION_SFTP_PORT: String(port),
      SV_INGESTION_SFTP_USER: username,
      SV_INGESTION_SFTP_KEY_FILE: privateKeyFile,
      SV_INGESTION_SFTP_HOST_KEY: hostKey,
      SV_INGESTION_SFTP_ROOT: dropRoot,
      SV_INGESTION_SFTP_KEYS_DIR: keysDir,
      SV_INGESTION_SFTP_POLL_MS: String(pollMs),
    }),
    async stop() {
      provisioner?.watcher.close();
      await provisioner?.settled();
      if (child.exitCode === null) child.kill('SIGTERM');
      // The grace timer must not keep a finished test run alive.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (asRoot) for (const account of await supplierAccountsUnder(dir)) await withAccountsLock('userdel', ['--force', account.name]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
};
