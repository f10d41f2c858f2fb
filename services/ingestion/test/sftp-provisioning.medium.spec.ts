import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { supplierAccount, writeSupplierKey } from '../src/app/sftp/supplier-accounts.ts';

/*
 * The SFTP server's provisioning script (deploy/sftp/provision-suppliers.sh) on this machine's
 * real accounts: it makes a supplier's account and jailed folder from the key file ingestion
 * writes, and nothing from a key file it should not trust. It needs root, as on the server.
 */

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../../deploy/sftp/provision-suppliers.sh', import.meta.url));
const SUPPLIERS_GROUP = 'sv-drop-suppliers';
const asRoot = process.getuid?.() === 0;

let dir: string;
let keysDir: string;
let dropRoot: string;
const made: string[] = [];

const provision = () => run('bash', [SCRIPT, keysDir, dropRoot, 'root', SUPPLIERS_GROUP]);
const accountExists = (name: string) => run('id', ['-u', name]).then(() => true, () => false);
const passwdOf = async (name: string) => (await run('getent', ['passwd', name])).stdout.trim().split(':');
const modeOf = async (path: string) => (await stat(path)).mode & 0o7777;

(asRoot ? describe : describe.skip)('provision-suppliers.sh', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sv-provision-'));
    keysDir = join(dir, 'keys');
    dropRoot = join(dir, 'drop');
    await mkdir(keysDir);
  });

  afterAll(async () => {
    for (const account of made) await run('userdel', ['--force', account]).catch(() => undefined);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("makes the supplier's account, jailed in its folder, and the four folders the poller reaches through its group", async () => {
    const folderName = `prov-${Date.now().toString(16).padStart(32, '0').slice(-32)}`;
    const account = supplierAccount(folderName);
    made.push(account);
    await writeSupplierKey(keysDir, { slug: 'prov', folderName, publicKey: 'ssh-ed25519 AAAAprov' });
    await provision();

    const [, , , , , home, shell] = await passwdOf(account);
    expect(home).toBe(join(dropRoot, folderName));
    expect(shell).toBe('/usr/sbin/nologin');
    expect((await run('id', ['-gn', account])).stdout.trim()).toBe(SUPPLIERS_GROUP);
    expect(await modeOf(dropRoot)).toBe(0o711);
    const jail = await stat(home!);
    expect([jail.uid, jail.mode & 0o7777]).toEqual([0, 0o755]);
    expect((await readdir(home!)).sort()).toEqual(['done', 'failed', 'incoming', 'processing']);
    const uid = Number((await run('id', ['-u', account])).stdout.trim());
    for (const folder of ['done', 'failed', 'incoming', 'processing']) {
      const info = await stat(join(home!, folder));
      expect([info.uid, info.gid, info.mode & 0o7777]).toEqual([uid, 0, 0o2770]);
    }
  });

  it('sets the modes again on the next run, so a supplier that shut the poller out of a folder is let in again', async () => {
    const [home] = (await readdir(dropRoot)).map((name) => join(dropRoot, name));
    await chmod(join(home!, 'incoming'), 0o700);
    await provision();
    expect(await modeOf(join(home!, 'incoming'))).toBe(0o2770);
  });

  it('makes nothing from a key file whose folder line leaves the drop root, nor from a file not named as a supplier account', async () => {
    const before = (await readdir(dropRoot)).sort();
    await writeFile(join(keysDir, 'drop-escape-000000000000'), '# sv-folder: ../../escaped\nrestrict ssh-ed25519 AAAAx\n');
    await writeFile(join(keysDir, 'drop-nofolder-00000000'), 'restrict ssh-ed25519 AAAAx\n');
    await writeFile(join(keysDir, 'svtest-other'), '# sv-folder: other\nrestrict ssh-ed25519 AAAAx\n');
    made.push('drop-escape-000000000000', 'drop-nofolder-00000000', 'svtest-other');
    const { stderr } = await provision();

    expect(stderr).toContain('drop-escape-000000000000 has no valid');
    for (const name of ['drop-escape-000000000000', 'drop-nofolder-00000000', 'svtest-other']) expect(await accountExists(name)).toBe(false);
    expect((await readdir(dropRoot)).sort()).toEqual(before);
    expect(await readdir(dir)).not.toContain('escaped');
  });
});
