import { posix } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { startScheduledJob, type BlobStore, type EventConsumer } from '@sv/platform';
import type { Logger } from 'pino';
import type SftpClient from 'ssh2-sftp-client';
import type { DropFolderSettings } from '../../config.ts';
import { SftpDelivery } from '../../db/entities/sftp-delivery.entity.ts';
import { SftpSupplier } from '../../db/entities/sftp-supplier.entity.ts';
import { finishDelivery, folderOf, takeDelivery } from './drop-deliveries.ts';
import { CompletenessTracker, filesOf, isInProgress, type DropFile } from './drop-entries.ts';
import { withDropSession } from './drop-session.ts';
import { restoreSuppliers } from './sftp-suppliers.ts';

export interface DropPollerDeps {
  orm: MikroORM;
  settings: DropFolderSettings;
  blobs: BlobStore;
  logger: Logger;
}

/** The files an `incoming/` entry holds now, or null when it is neither a file nor a folder. */
const filesNow = async (client: SftpClient, path: string, entry: SftpClient.FileInfo): Promise<DropFile[] | null> => {
  if (entry.type === '-') return [{ path: entry.name, size: entry.size, modifiedAt: entry.modifyTime }];
  if (entry.type === 'd') return filesOf(client, path);
  return null;
};

/**
 * One look at every supplier's folder: deliveries whose jobs have ended leave `processing/` with
 * their report; a delivery left in `processing/` by a run that stopped half-way is taken again;
 * complete deliveries in `incoming/` are claimed by renaming them into `processing/` (a rename
 * that fails means another poller has it) and become jobs.
 */
export const pollDropFolders = async (deps: DropPollerDeps, tracker: CompletenessTracker): Promise<void> => {
  const { orm, settings, blobs, logger } = deps;
  const em = orm.em.fork();
  const suppliers = await em.find(SftpSupplier, {}, { orderBy: { tenantSlug: 'asc' } });
  if (suppliers.length === 0) return;
  await withDropSession(settings, async (client) => {
    const present = new Set<string>();
    for (const supplier of suppliers) {
      const importing = await em.find(SftpDelivery, { tenantId: supplier.tenantId, state: 'importing' });
      for (const delivery of importing) await finishDelivery(em, client, settings.root, supplier, delivery);

      const processing = folderOf(settings.root, supplier, 'processing');
      const known = new Set(importing.map((delivery) => delivery.name));
      for (const orphan of (await client.list(processing)).filter((entry) => !known.has(entry.name) && (entry.type === '-' || entry.type === 'd'))) {
        const delivery = await takeDelivery(em, client, blobs, supplier, settings.root, { name: orphan.name, type: orphan.type === 'd' ? 'folder' : 'file' });
        logger.info({ tenant_id: supplier.tenantId, delivery: orphan.name, jobs: delivery.jobIds }, 'sftp delivery taken again after an interrupted run');
      }

      const incoming = folderOf(settings.root, supplier, 'incoming');
      for (const entry of await client.list(incoming)) {
        if (isInProgress(entry.name)) continue;
        const path = posix.join(incoming, entry.name);
        const key = `${supplier.tenantSlug}/${entry.name}`;
        present.add(key);
        const files = await filesNow(client, path, entry);
        if (!files || !tracker.isComplete(key, files)) continue;
        tracker.forget(key);
        try {
          await client.rename(path, posix.join(processing, entry.name));
        } catch (error) {
          logger.info({ err: error, delivery: key }, 'sftp delivery not claimed: another poller has it, or the name is taken in processing/');
          continue;
        }
        const delivery = await takeDelivery(em, client, blobs, supplier, settings.root, { name: entry.name, type: entry.type === 'd' ? 'folder' : 'file' });
        logger.info({ tenant_id: supplier.tenantId, delivery: entry.name, jobs: delivery.jobIds }, 'sftp delivery claimed');
        if (delivery.jobIds.length === 0) await finishDelivery(em, client, settings.root, supplier, delivery);
      }
    }
    tracker.keepOnly(present);
  });
};

/**
 * Polls the drop folders every `pollMs`, on one replica at a time (leased). What a poll saw last
 * is kept in memory: when the lease moves to another replica, a delivery without a
 * batch-complete marker waits one poll longer.
 */
export const startDropPoller = (deps: DropPollerDeps): EventConsumer => {
  const tracker = new CompletenessTracker();
  let restored = false;
  const job = startScheduledJob({
    name: 'sftp-drop-folders',
    intervalMs: deps.settings.pollMs,
    lease: { orm: deps.orm },
    logger: deps.logger,
    run: async () => {
      if (!restored) {
        const suppliers = await restoreSuppliers(deps.orm.em.fork(), deps.settings);
        restored = true;
        deps.logger.info({ suppliers }, 'sftp drop folders restored');
      }
      await pollDropFolders(deps, tracker);
    },
  });
  return { stop: () => job.stop() };
};
