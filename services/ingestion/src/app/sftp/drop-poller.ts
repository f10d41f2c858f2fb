import { posix } from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { startScheduledJob, type BlobStore, type EventConsumer, type Logger } from '@sv/platform';
import type SftpClient from 'ssh2-sftp-client';
import type { DropFolderSettings } from '../../config.ts';
import { SftpDelivery } from '../../db/entities/sftp-delivery.entity.ts';
import { SftpSupplier } from '../../db/entities/sftp-supplier.entity.ts';
import { finishDelivery, folderOf, takeDelivery } from './drop-deliveries.ts';
import { CompletenessTracker, DeliveryTooLargeError, filesOf, isInProgress, type DropFile } from './drop-entries.ts';
import { withDropSession } from './drop-session.ts';
import { isPathRefusal } from './path-refusal.ts';
import { restoreSuppliers } from './sftp-suppliers.ts';

export interface DropPollerDeps {
  orm: MikroORM;
  settings: DropFolderSettings;
  blobs: BlobStore;
  logger: Logger;
}

/** What one poll shares across the suppliers' folders. */
interface Poll {
  deps: DropPollerDeps;
  em: EntityManager;
  client: SftpClient;
  tracker: CompletenessTracker;
  /** Every `incoming/` entry seen this poll, by `<slug>/<name>`. */
  present: Set<string>;
}

/**
 * An `incoming/` entry now: its files; `unreadable` when it cannot be taken as it is (too many
 * files, nested too deep, or a folder the server refuses to list), which fails it at once; null
 * when it is neither a file nor a folder.
 */
const look = async (client: SftpClient, path: string, entry: SftpClient.FileInfo): Promise<DropFile[] | 'unreadable' | null> => {
  if (entry.type === '-') return [{ path: entry.name, size: entry.size, modifiedAt: entry.modifyTime }];
  if (entry.type !== 'd') return null;
  try {
    return await filesOf(client, path);
  } catch (error) {
    if (error instanceof DeliveryTooLargeError || isPathRefusal(error)) return 'unreadable';
    throw error;
  }
};

/**
 * Runs one step of one supplier's folder; a path the server refuses (gone, or made unreadable by
 * its supplier) is logged and skipped, so it holds up nothing else. A lost connection or a
 * database error still ends the poll.
 */
const confined = async (poll: Poll, context: Record<string, unknown>, step: () => Promise<unknown>): Promise<void> => {
  try {
    await step();
  } catch (error) {
    if (!isPathRefusal(error)) throw error;
    poll.deps.logger.warn({ err: error, ...context }, 'sftp drop folder: the server refused a path; skipped this poll');
  }
};

const pollSupplier = async (poll: Poll, supplier: SftpSupplier): Promise<void> => {
  const { deps, em, client, tracker } = poll;
  const { settings, blobs, logger } = deps;
  const context = { tenant_id: supplier.tenantId };
  const importing = await em.find(SftpDelivery, { tenantId: supplier.tenantId, state: 'importing' });
  for (const delivery of importing) {
    await confined(poll, { ...context, delivery: delivery.name }, () => finishDelivery(em, client, settings.root, supplier, delivery));
  }

  const processing = folderOf(settings.root, supplier, 'processing');
  const known = new Set(importing.map((delivery) => delivery.name));
  for (const orphan of (await client.list(processing)).filter((entry) => !known.has(entry.name) && (entry.type === '-' || entry.type === 'd'))) {
    await confined(poll, { ...context, delivery: orphan.name }, async () => {
      const delivery = await takeDelivery(em, client, blobs, supplier, settings.root, { name: orphan.name, type: orphan.type === 'd' ? 'folder' : 'file' });
      logger.info({ ...context, delivery: orphan.name, jobs: delivery.jobIds }, 'sftp delivery taken again after an interrupted run');
    });
  }

  const incoming = folderOf(settings.root, supplier, 'incoming');
  for (const entry of await client.list(incoming)) {
    if (isInProgress(entry.name)) continue;
    const key = `${supplier.tenantSlug}/${entry.name}`;
    poll.present.add(key);
    await confined(poll, { ...context, delivery: entry.name }, async () => {
      const path = posix.join(incoming, entry.name);
      const files = await look(client, path, entry);
      // A delivery that cannot be taken as it is fails now: waiting would not make it smaller.
      if (!files || (files !== 'unreadable' && !tracker.isComplete(key, files))) return;
      tracker.forget(key);
      try {
        await client.rename(path, posix.join(processing, entry.name));
      } catch (error) {
        logger.info({ err: error, delivery: key }, 'sftp delivery not claimed: another poller has it, or the name is taken in processing/');
        return;
      }
      const delivery = await takeDelivery(em, client, blobs, supplier, settings.root, { name: entry.name, type: entry.type === 'd' ? 'folder' : 'file' });
      logger.info({ ...context, delivery: entry.name, jobs: delivery.jobIds }, 'sftp delivery claimed');
      if (delivery.jobIds.length === 0) await finishDelivery(em, client, settings.root, supplier, delivery);
    });
  }
};

/**
 * One look at every supplier's folder: deliveries whose jobs have ended leave `processing/` with
 * their report; a delivery left in `processing/` by a run that stopped half-way is taken again;
 * complete deliveries in `incoming/` are claimed by renaming them into `processing/` (a rename
 * that fails means another poller has it) and become jobs. One supplier's folder, or one
 * delivery, that the server refuses is skipped; the others are polled all the same.
 */
export const pollDropFolders = async (deps: DropPollerDeps, tracker: CompletenessTracker): Promise<void> => {
  const em = deps.orm.em.fork();
  const suppliers = await em.find(SftpSupplier, {}, { orderBy: { tenantSlug: 'asc' } });
  if (suppliers.length === 0) return;
  await withDropSession(deps.settings, async (client) => {
    const poll: Poll = { deps, em, client, tracker, present: new Set() };
    for (const supplier of suppliers) await confined(poll, { tenant_id: supplier.tenantId }, () => pollSupplier(poll, supplier));
    tracker.keepOnly(poll.present);
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
