import { randomBytes, randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal, SftpSupplierBody, SftpSupplierReply } from '@sv/contracts';
import { ForbiddenError, UnavailableError } from '@sv/platform';
import type { DropFolderSettings } from '../../config.ts';
import { SftpSupplier } from '../../db/entities/sftp-supplier.entity.ts';
import { supplierFolder, writeAuthorizedKeys } from './authorized-keys.ts';
import type SftpClient from 'ssh2-sftp-client';
import { withDropSession } from './drop-session.ts';

/** The folders of a supplier's drop: it uploads into the first; the poller moves deliveries through the others. */
export const DROP_FOLDERS = ['incoming', 'processing', 'done', 'failed'] as const;

export class DropFolderOffError extends UnavailableError {
  constructor() {
    super('The SFTP drop folder is not configured on this platform (SV_INGESTION_SFTP_HOST).', 'ingestion.sftp_off');
  }
}

/** Serialises rewrites of the server's key file across requests and replicas. */
const KEY_FILE_LOCK = 'ingestion.sftp_authorized_keys';

/**
 * Write and enter, never list: no supplier can see which folders the drop root holds, and a
 * folder's name carries 128 random bits, so each knows only its own.
 */
const hideDropRoot = async (client: SftpClient, root: string): Promise<void> => {
  await client.mkdir(root, true);
  await client.chmod(root, 0o300);
};

const ensureFolders = async (client: SftpClient, folder: string): Promise<void> => {
  for (const name of DROP_FOLDERS) await client.mkdir(posix.join(folder, name), true);
};

/** Writes every registered supplier's key into the server's key file, under a lock shared by all replicas. */
const rewriteKeyFile = async (tx: EntityManager, settings: DropFolderSettings): Promise<SftpSupplier[]> => {
  await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [KEY_FILE_LOCK]);
  const suppliers = await tx.find(SftpSupplier, {}, { orderBy: { tenantSlug: 'asc' } });
  await writeAuthorizedKeys(
    settings.authorizedKeysFile,
    settings.root,
    suppliers.map((supplier) => ({ slug: supplier.tenantSlug, folderName: supplier.folderName, publicKey: supplier.publicKey })),
  );
  return suppliers;
};

/**
 * Brings a server in line with the registrations (a new or rebuilt SFTP server, or a key file
 * lost): every supplier's key and folders, at the poller's start.
 */
export const restoreSuppliers = async (em: EntityManager, settings: DropFolderSettings): Promise<number> => {
  const suppliers = await em.transactional((tx) => rewriteKeyFile(tx, settings));
  if (suppliers.length === 0) return 0;
  await withDropSession(settings, async (client) => {
    await hideDropRoot(client, settings.root);
    for (const supplier of suppliers) await ensureFolders(client, supplierFolder(settings.root, supplier.folderName));
  });
  return suppliers.length;
};

/**
 * Gives a tenant its drop folder (created on the server with the four folders inside) and lets
 * in the one public key the operator command generated; registering again replaces the key.
 * Only the operator command asks (a system principal).
 */
export const registerSupplier = async (
  em: EntityManager,
  settings: DropFolderSettings | null,
  principal: Principal,
  body: SftpSupplierBody,
): Promise<SftpSupplierReply> => {
  if (principal.actor.type !== 'system') throw new ForbiddenError('Only the operator command registers SFTP suppliers.', 'ingestion.sftp_operator_only');
  if (!settings) throw new DropFolderOffError();
  // A rotated key keeps its folder, and the deliveries in it.
  const existing = await em.findOne(SftpSupplier, { tenantId: principal.tenant_id });
  const folderName = existing?.folderName ?? `${body.tenant_slug}-${randomBytes(16).toString('hex')}`;
  const folder = supplierFolder(settings.root, folderName);
  await withDropSession(settings, async (client) => {
    await hideDropRoot(client, settings.root);
    await ensureFolders(client, folder);
  }).catch((error: unknown) => {
    throw new UnavailableError(`The SFTP server could not be reached to create the folder: ${error instanceof Error ? error.message : String(error)}`);
  });
  await em.transactional(async (tx) => {
    const now = new Date();
    const current = await tx.findOne(SftpSupplier, { tenantId: principal.tenant_id });
    if (current) {
      current.tenantSlug = body.tenant_slug;
      current.publicKey = body.public_key;
      current.updatedAt = now;
    } else {
      tx.create(SftpSupplier, {
        id: randomUUID(),
        tenantId: principal.tenant_id,
        tenantSlug: body.tenant_slug,
        folderName,
        publicKey: body.public_key,
        createdAt: now,
        updatedAt: now,
      });
    }
    await tx.flush();
    await rewriteKeyFile(tx, settings);
  });
  return { host: settings.host, port: settings.port, user: settings.user, folder, host_key: settings.hostKey };
};
