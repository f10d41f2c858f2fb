import { createHash, randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';

/** What the server needs to make and admit one supplier's account. */
export interface SupplierKey {
  slug: string;
  folderName: string;
  publicKey: string;
}

/** A supplier's folder under the drop root, as the poller's session sees it. */
export const supplierFolder = (root: string, folderName: string): string => posix.join(root, folderName);

/**
 * The supplier's own account on the SFTP server, derived from its folder so nothing more is
 * stored: `drop-`, the slug's first 12 characters and 12 hex digits of the folder's random part
 * (at most 30 characters: Linux account names stop at 32).
 */
export const supplierAccount = (folderName: string): string => {
  const match = /^(.+)-([0-9a-f]{32})$/.exec(folderName);
  const random = match?.[2] ?? createHash('sha256').update(folderName).digest('hex');
  return `drop-${(match?.[1] ?? folderName).slice(0, 12)}-${random.slice(0, 12)}`;
};

/**
 * The file sshd reads the account's key from (AuthorizedKeysCommand) and the server's
 * provisioning reads the account's folder from (`# sv-folder:`), named after the account.
 * `restrict` turns off forwarding and terminals; the server's `Match Group` forces sftp in the
 * supplier's jail.
 */
const keyFileOf = (key: SupplierKey): string => `# sv-folder: ${key.folderName}\n# sv-supplier: ${key.slug}\nrestrict ${key.publicKey}\n`;

/**
 * Writes (or replaces, for a rotated key) one supplier's key file, through a temporary file and a
 * rename so sshd and the provisioning never read half a file.
 */
export const writeSupplierKey = async (keysDir: string, key: SupplierKey): Promise<void> => {
  const temporary = join(keysDir, `.${supplierAccount(key.folderName)}.${randomUUID()}`);
  try {
    await writeFile(temporary, keyFileOf(key), { mode: 0o644 });
    await rename(temporary, join(keysDir, supplierAccount(key.folderName)));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
};
