import { posix } from 'node:path';
import type SftpClient from 'ssh2-sftp-client';

/** A file of a delivery, by its path inside the delivery. */
export interface DropFile {
  path: string;
  size: number;
  modifiedAt: number;
}

/** Uploads still being written; a delivery holding one is not complete. */
const IN_PROGRESS = /\.(part|tmp)$/i;
/** The DDEX choreography's last file: the batch folder is complete once it is there. */
export const BATCH_COMPLETE = /^BatchComplete.*\.xml$/i;

const MAX_DEPTH = 5;
const MAX_FILES = 1_000;

export const isInProgress = (name: string): boolean => IN_PROGRESS.test(name) || name.startsWith('.');

export class DeliveryTooLargeError extends Error {
  override name = 'DeliveryTooLargeError';
}

/** Every file of a delivery folder, depth-first, bounded in depth and count. */
export const filesOf = async (client: SftpClient, folder: string, prefix = '', depth = 0): Promise<DropFile[]> => {
  if (depth > MAX_DEPTH) throw new DeliveryTooLargeError(`Folders nest deeper than ${MAX_DEPTH} levels.`);
  const files: DropFile[] = [];
  for (const entry of await client.list(folder)) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.type === 'd') files.push(...(await filesOf(client, posix.join(folder, entry.name), path, depth + 1)));
    else if (entry.type === '-') files.push({ path, size: entry.size, modifiedAt: entry.modifyTime });
    if (files.length > MAX_FILES) throw new DeliveryTooLargeError(`A delivery holds at most ${MAX_FILES} files.`);
  }
  return files;
};

/** Sizes and times of every file: equal across two polls means no one is still writing. */
export const signatureOf = (files: DropFile[]): string =>
  files
    .map((file) => `${file.path}:${file.size}:${file.modifiedAt}`)
    .sort()
    .join('|');

/**
 * Which deliveries in `incoming/` are complete: a folder holding a batch-complete marker at once;
 * anything else once its sizes and times are the same on two polls in a row. A delivery with an
 * upload still named `*.part` or `*.tmp` never is.
 */
export class CompletenessTracker {
  #seen = new Map<string, string>();

  isComplete(key: string, files: DropFile[]): boolean {
    if (files.some((file) => isInProgress(posix.basename(file.path)))) {
      this.#seen.delete(key);
      return false;
    }
    if (files.some((file) => BATCH_COMPLETE.test(posix.basename(file.path)))) return true;
    const signature = signatureOf(files);
    const before = this.#seen.get(key);
    this.#seen.set(key, signature);
    return before === signature && files.length > 0;
  }

  forget(key: string): void {
    this.#seen.delete(key);
  }

  /** Drops what is no longer in any incoming folder. */
  keepOnly(keys: Set<string>): void {
    for (const key of this.#seen.keys()) if (!keys.has(key)) this.#seen.delete(key);
  }
}
