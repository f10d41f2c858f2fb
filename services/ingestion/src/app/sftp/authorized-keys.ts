import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';

/** Marks the lines this service writes; every other line of the file (the poller's own key) is kept. */
const SUPPLIER_MARK = 'sv-supplier:';

export interface SupplierKey {
  slug: string;
  folderName: string;
  publicKey: string;
}

/** The folder a supplier's session starts in, under the drop root. */
export const supplierFolder = (root: string, folderName: string): string => posix.join(root, folderName);

/**
 * One supplier's line: sftp only (`restrict` turns off forwarding and terminals; the forced
 * command replaces whatever the client asks to run) and started in its own folder.
 */
const lineOf = (root: string, key: SupplierKey): string =>
  `restrict,command="internal-sftp -d ${supplierFolder(root, key.folderName)}" ${key.publicKey} ${SUPPLIER_MARK}${key.slug}`;

/**
 * Rewrites the server's authorized_keys with every supplier's current key (a rotated key's old
 * line goes), through a temporary file and a rename so sshd never reads half a file.
 */
export const writeAuthorizedKeys = async (file: string, root: string, suppliers: SupplierKey[]): Promise<void> => {
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const kept = existing.split('\n').filter((line) => line.trim() !== '' && !line.includes(` ${SUPPLIER_MARK}`));
  const lines = [...kept, ...[...suppliers].sort((a, b) => a.slug.localeCompare(b.slug)).map((key) => lineOf(root, key))];
  const temporary = join(dirname(file), `.authorized_keys.${randomUUID()}`);
  await writeFile(temporary, `${lines.join('\n')}\n`, { mode: 0o644 });
  await rename(temporary, file);
};
