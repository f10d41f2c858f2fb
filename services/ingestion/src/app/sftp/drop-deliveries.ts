import { createHash, randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FINAL_INGESTION_STATES, Messages, systemPrincipal, type Principal } from '@sv/contracts';
import { detectErnMessage } from '@sv/ddex';
import type { BlobStore } from '@sv/platform';
import type SftpClient from 'ssh2-sftp-client';
import { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';
import { SftpDelivery } from '../../db/entities/sftp-delivery.entity.ts';
import type { SftpSupplier } from '../../db/entities/sftp-supplier.entity.ts';
import { MAX_DDEX_BYTES } from '../ddex/ddex-ingestion.ts';
import { CSV_LIMITS } from '../csv/csv-plan.ts';
import { createJob } from '../jobs/job-records.ts';
import type { StoredResource } from '../media/media-resolver.ts';
import { MAX_RESOURCE_BYTES, storeDeliveredFile } from './delivered-resource.ts';
import { BATCH_COMPLETE, DeliveryTooLargeError, filesOf, type DropFile } from './drop-entries.ts';
import { isPathRefusal, unreadable } from './path-refusal.ts';

/**
 * What an SFTP job keeps until its worker has imported it: the stored message and its kind, its
 * folder inside the delivery, and the delivery's other files under that folder (by path).
 */
export interface SftpJobInput {
  file_key: string;
  format: 'ddex' | 'csv';
  message_dir: string;
  resources: Record<string, StoredResource>;
}

export const NO_MESSAGE = 'The delivery holds no DDEX message (.xml) and no CSV file (.csv).';
const tooLarge = (maxBytes: number) => `The file is larger than ${maxBytes} bytes.`;
const DETECTION_BYTES = 64 * 1024;

/** The platform acting for the supplier tenant: releases name their artists, as a label's feed does. */
export const supplierPrincipal = (supplier: Pick<SftpSupplier, 'tenantId' | 'tenantSlug'>): Principal => ({
  ...systemPrincipal(supplier.tenantId, `sftp:${supplier.tenantSlug}`),
  tenant_slug: supplier.tenantSlug,
});

export const folderOf = (root: string, supplier: Pick<SftpSupplier, 'folderName'>, name: 'incoming' | 'processing' | 'done' | 'failed'): string =>
  posix.join(root, supplier.folderName, name);

const formatOf = (path: string): SftpJobInput['format'] | null => {
  const name = posix.basename(path);
  if (/\.csv$/i.test(name)) return 'csv';
  if (/\.xml$/i.test(name) && !BATCH_COMPLETE.test(name)) return 'ddex';
  return null;
};

/** The files a message may name: those in its own folder and below. */
const resourcesUnder = (resources: Record<string, StoredResource>, dir: string): Record<string, StoredResource> =>
  Object.fromEntries(Object.entries(resources).filter(([path]) => dir === '.' || path.startsWith(`${dir}/`)));

const readRemote = async (client: SftpClient, path: string): Promise<Buffer> => {
  const content = await client.get(path);
  return Buffer.isBuffer(content) ? content : Buffer.from(String(content));
};

/**
 * Turns a claimed delivery (now in `processing/`) into one job per message it holds, each with
 * source `sftp`; files that cannot be taken are noted against the delivery. Returns its record.
 */
export const takeDelivery = async (
  em: EntityManager,
  client: SftpClient,
  blobs: BlobStore,
  supplier: SftpSupplier,
  root: string,
  entry: { name: string; type: 'file' | 'folder' },
): Promise<SftpDelivery> => {
  const base = posix.join(folderOf(root, supplier, 'processing'), entry.name);
  const fileErrors: Record<string, string[]> = {};
  let files: DropFile[] = [];
  try {
    files =
      entry.type === 'file'
        ? [{ path: entry.name, size: (await client.stat(base)).size, modifiedAt: 0 }]
        : (await filesOf(client, base)).map((file) => ({ ...file, path: `${entry.name}/${file.path}` }));
  } catch (error) {
    // Too large, or made unreadable by its supplier: the whole delivery fails with the reason.
    if (error instanceof DeliveryTooLargeError) fileErrors[entry.name] = [error.message];
    else if (isPathRefusal(error)) fileErrors[entry.name] = [unreadable(error)];
    else throw error;
  }
  const principal = supplierPrincipal(supplier);
  const remoteOf = (file: DropFile) => (entry.type === 'file' ? base : posix.join(posix.dirname(base), file.path));
  // Every other file is stored once, before any job exists: a job never waits on the SFTP server.
  const resources: Record<string, StoredResource> = {};
  for (const file of files.filter((candidate) => !formatOf(candidate.path) && !BATCH_COMPLETE.test(posix.basename(candidate.path)))) {
    if (file.size > MAX_RESOURCE_BYTES) {
      fileErrors[file.path] = [tooLarge(MAX_RESOURCE_BYTES)];
      continue;
    }
    try {
      resources[file.path] = await storeDeliveredFile(client, blobs, supplier.tenantId, remoteOf(file));
    } catch (error) {
      if (!isPathRefusal(error)) throw error;
      fileErrors[file.path] = [unreadable(error)];
    }
  }
  const jobIds: string[] = [];
  for (const file of files) {
    const format = formatOf(file.path);
    if (!format) continue;
    const maxBytes = format === 'ddex' ? MAX_DDEX_BYTES : CSV_LIMITS.maxBytes;
    if (file.size > maxBytes) {
      fileErrors[file.path] = [tooLarge(maxBytes)];
      continue;
    }
    const bytes = await readRemote(client, remoteOf(file)).catch((error: unknown) => {
      if (!isPathRefusal(error)) throw error;
      fileErrors[file.path] = [unreadable(error)];
      return null;
    });
    if (!bytes) continue;
    const detected = format === 'ddex' ? detectErnMessage(bytes.subarray(0, DETECTION_BYTES).toString('utf8')) : null;
    if (format === 'ddex' && !detected) {
      fileErrors[file.path] = [Messages.notDdex];
      continue;
    }
    const stored = await blobs.put(Readable.from(bytes), {
      tenantId: supplier.tenantId,
      extension: format === 'ddex' ? '.xml' : '.csv',
      maxBytes,
      contentType: format === 'ddex' ? 'application/xml' : 'text/csv',
      visibility: 'private',
    });
    const job = await createJob(em, {
      source: 'sftp',
      principal,
      state: 'queued',
      input: { file_key: stored.key, format, message_dir: posix.dirname(file.path), resources: resourcesUnder(resources, posix.dirname(file.path)) } satisfies SftpJobInput,
      files: [
        {
          name: file.path,
          size: bytes.length,
          checksum: createHash('sha256').update(bytes).digest('hex'),
          detected_type: detected ? `DDEX ERN ${detected.version} ${detected.kind}` : 'text/csv',
        },
      ],
      itemsTotal: format === 'ddex' ? 1 : 0,
    });
    jobIds.push(job.id);
  }
  if (jobIds.length === 0 && Object.keys(fileErrors).length === 0) fileErrors[entry.name] = [NO_MESSAGE];
  const delivery = em.create(SftpDelivery, {
    id: randomUUID(),
    tenantId: supplier.tenantId,
    tenantSlug: supplier.tenantSlug,
    name: entry.name,
    state: 'importing',
    jobIds,
    fileErrors,
    createdAt: new Date(),
    finishedAt: null,
  });
  await em.flush();
  return delivery;
};

/** The report a supplier finds beside its delivery in `done/` or `failed/`. */
const reportOf = (delivery: SftpDelivery, jobs: IngestionJob[]) => ({
  delivery: delivery.name,
  state: delivery.state,
  finished_at: delivery.finishedAt?.toISOString() ?? null,
  file_errors: delivery.fileErrors,
  jobs: jobs.map((job) => ({
    ingestion_job_id: job.id,
    file: job.files[0]?.name ?? null,
    state: job.state,
    items_total: job.itemsTotal,
    items_done: job.itemsDone,
    items_failed: job.itemsFailed,
    release_ids: job.releaseIds,
    validation_errors: job.validationErrors,
    error: job.error,
  })),
});

/** A free name in the target folder: a supplier may send the same name twice. */
const freeName = async (client: SftpClient, folder: string, name: string): Promise<string> => {
  if (!(await client.exists(posix.join(folder, name)))) return name;
  return `${name}.${new Date().toISOString().replace(/[:.]/g, '-')}`;
};

/**
 * Moves a delivery whose jobs have all ended out of `processing/`: to `done/` when something was
 * imported and nothing failed outright, else to `failed/`, with `<name>.report.json` beside it.
 * Returns false while a job is still running.
 */
export const finishDelivery = async (
  em: EntityManager,
  client: SftpClient,
  root: string,
  supplier: Pick<SftpSupplier, 'folderName'>,
  delivery: SftpDelivery,
): Promise<boolean> => {
  const jobs = delivery.jobIds.length > 0 ? await em.find(IngestionJob, { id: { $in: delivery.jobIds } }, { orderBy: { createdAt: 'asc' } }) : [];
  if (jobs.some((job) => !FINAL_INGESTION_STATES.includes(job.state))) return false;
  const failed = jobs.length === 0 || jobs.some((job) => job.state === 'failed') || Object.keys(delivery.fileErrors).length > 0;
  delivery.state = failed ? 'failed' : 'done';
  delivery.finishedAt = new Date();
  const target = folderOf(root, supplier, failed ? 'failed' : 'done');
  const source = posix.join(folderOf(root, supplier, 'processing'), delivery.name);
  const name = await freeName(client, target, delivery.name);
  if (await client.exists(source)) await client.rename(source, posix.join(target, name));
  // The report comes last, whole (written aside, then renamed): a supplier who sees it finds the delivery already moved beside it.
  const report = posix.join(target, `${name}.report.json`);
  const partial = posix.join(target, `.${name}.report.json.part`);
  // Readable by the supplier, writable by the poller alone (the client library's default is 0666).
  await client.put(Buffer.from(`${JSON.stringify(reportOf(delivery, jobs), null, 2)}\n`), partial, { writeStreamOptions: { mode: 0o644 } });
  await client.rename(partial, report);
  await em.flush();
  return true;
};
