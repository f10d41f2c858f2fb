import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPathRefusal, unreadable } from '../src/app/sftp/path-refusal.ts';
import { supplierAccount, writeSupplierKey } from '../src/app/sftp/supplier-accounts.ts';

/** What deploy/sftp/provision-suppliers.sh accepts as an account name. */
const PROVISIONED_ACCOUNT = /^drop-[a-z0-9-]{1,27}$/;

describe('supplier accounts', () => {
  it('derives a system account name the provisioning accepts from any folder, at most 32 characters', () => {
    const folders = [`a-${'0'.repeat(32)}`, `${'long-label-name-'.repeat(6)}x-${'f'.repeat(32)}`, `acme-${'0123456789abcdef'.repeat(2)}`];
    for (const folder of folders) {
      const account = supplierAccount(folder);
      expect(account.length).toBeLessThanOrEqual(32);
      expect(account).toMatch(PROVISIONED_ACCOUNT);
    }
    expect(supplierAccount(`acme-${'0123456789abcdef'.repeat(2)}`)).toBe('drop-acme-0123456789ab');
  });

  it('gives two folders of the same tenant slug two accounts, and one folder always the same', () => {
    const first = `acme-${'1'.repeat(32)}`;
    const second = `acme-${'2'.repeat(32)}`;
    expect(supplierAccount(first)).not.toBe(supplierAccount(second));
    expect(supplierAccount(first)).toBe(supplierAccount(first));
  });

  it('writes the key file under the account name, with the folder line the provisioning reads, replacing a rotated key', async () => {
    const keysDir = await mkdtemp(join(tmpdir(), 'sv-keys-'));
    try {
      const folderName = `acme-${'a'.repeat(32)}`;
      await writeSupplierKey(keysDir, { slug: 'acme', folderName, publicKey: 'ssh-ed25519 AAAAold' });
      await writeSupplierKey(keysDir, { slug: 'acme', folderName, publicKey: 'ssh-ed25519 AAAAnew' });
      expect(await readdir(keysDir)).toEqual([supplierAccount(folderName)]);
      expect(await readFile(join(keysDir, supplierAccount(folderName)), 'utf8')).toBe(`# sv-folder: ${folderName}\n# sv-supplier: acme\nrestrict ssh-ed25519 AAAAnew\n`);
    } finally {
      await rm(keysDir, { recursive: true, force: true });
    }
  });
});

describe('path refusals', () => {
  const withCode = (code: unknown) => Object.assign(new Error('refused'), { code });

  it("takes the server's answers about one path (no such file, permission denied, failure) as that path's problem", () => {
    for (const code of [2, 3, 4]) expect(isPathRefusal(withCode(code))).toBe(true);
    expect(unreadable(withCode(3) as Error & { code: number })).toBe('The file could not be read: permission denied.');
  });

  it('leaves a lost connection, and anything else, to end the poll', () => {
    for (const error of [withCode('ECONNRESET'), withCode('ERR_NOT_CONNECTED'), withCode(1), new Error('no code'), 'text']) expect(isPathRefusal(error)).toBe(false);
  });
});
