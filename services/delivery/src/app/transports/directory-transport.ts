import { createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ACK_FILE, MAX_ACK_BYTES, uploadingName, type AcknowledgementFile, type Bundle, type StoreSession } from './transport.ts';

const writeAtomically = async (path: string, write: (temporary: string) => Promise<void>): Promise<void> => {
  await mkdir(dirname(path), { recursive: true });
  const temporary = uploadingName(path);
  await write(temporary);
  await rename(temporary, path);
};

/** A store that is a local folder (development, and the sandbox's own store): same layout as SFTP. */
export const openDirectorySession = (root: string): StoreSession => ({
  async send(bundle: Bundle, signal?: AbortSignal) {
    const releaseDir = join(root, bundle.batchId, bundle.releaseFolder);
    for (const file of bundle.resources) {
      signal?.throwIfAborted();
      await writeAtomically(join(releaseDir, file.name), async (temporary) => pipeline(await file.open(), createWriteStream(temporary)));
    }
    signal?.throwIfAborted();
    await writeAtomically(join(releaseDir, bundle.ern.name), (temporary) => writeFile(temporary, bundle.ern.xml, 'utf8'));
    await writeAtomically(join(root, bundle.batchId, bundle.batchComplete.name), (temporary) => writeFile(temporary, bundle.batchComplete.content, 'utf8'));
  },
  async acknowledgements() {
    const dir = join(root, 'acks');
    const names = await readdir(dir).catch(() => [] as string[]);
    const files: AcknowledgementFile[] = [];
    for (const name of names.filter((entry) => ACK_FILE.test(entry)).sort()) {
      const info = await stat(join(dir, name));
      if (!info.isFile() || info.size > MAX_ACK_BYTES) continue;
      files.push({ name, content: await readFile(join(dir, name)) });
    }
    return files;
  },
  async archiveAcknowledgement(name: string) {
    await mkdir(join(root, 'acks', 'processed'), { recursive: true });
    await rename(join(root, 'acks', name), join(root, 'acks', 'processed', name));
  },
  async close() {},
});
