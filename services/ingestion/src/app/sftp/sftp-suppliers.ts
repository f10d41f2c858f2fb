import { randomBytes, randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal, SftpSupplierBody, SftpSupplierReply } from '@sv/contracts';
import { ForbiddenError, UnavailableError } from '@sv/platform';
import type SftpClient from 'ssh2-sftp-client';
import type { DropFolderSettings } from '../../config.ts';
import { SftpSupplier } from '../../db/entities/sftp-supplier.entity.ts';
import { withDropSession } from './drop-session.ts';
import { supplierAccount, supplierFolder, writeSupplierKey } from './supplier-accounts.ts';

export class DropFolderOffError extends UnavailableError {
  constructor() {
    super('The SFTP drop folder is not configured on this platform (SV_INGESTION_SFTP_HOST).', 'ingestion.sftp_off');
  }
}

export class SupplierNotProvisionedError extends UnavailableError {
  constructor(account: string, waitedMs: number) {
    super(
      `The SFTP server did not set up the account ${account} within ${waitedMs / 1000} s: its provisioning (deploy/sftp/provision-suppliers.sh) must run when ingestion writes a key. Run the command again once it has.`,
      'ingestion.sftp_not_provisioned',
    );
  }
}

/** Serialises writes of the server's key files across requests and replicas. */
const KEY_FILE_LOCK = 'ingestion.sftp_authorized_keys';
/** How long registration waits for the server to make the account: under the operator command's 30 s. */
const PROVISION_WAIT_MS = 20_000;
const PROVISION_CHECK_MS = 200;

const keyOf = (supplier: Pick<SftpSupplier, 'tenantSlug' | 'folderName' | 'publicKey'>) => ({
  slug: supplier.tenantSlug,
  folderName: supplier.folderName,
  publicKey: supplier.publicKey,
});

const writeKeys = async (settings: DropFolderSettings, suppliers: SftpSupplier[]): Promise<void> => {
  try {
    for (const supplier of suppliers) await writeSupplierKey(settings.keysDir, keyOf(supplier));
  } catch (error) {
    throw new UnavailableError(`The SFTP server's keys folder could not be written: ${error instanceof Error ? error.message : String(error)}`);
  }
};

/** The jail sshd accepts (root's) holding the folder suppliers upload to: the server's provisioning has run. */
const isProvisioned = async (client: SftpClient, folder: string): Promise<boolean> => {
  const jail = await client.stat(folder).catch(() => null);
  return jail?.uid === 0 && (await client.exists(posix.join(folder, 'incoming'))) === 'd';
};

const waitUntilProvisioned = async (settings: DropFolderSettings, folderName: string): Promise<void> => {
  const folder = supplierFolder(settings.root, folderName);
  const provisioned = await withDropSession(settings, async (client) => {
    const deadline = Date.now() + PROVISION_WAIT_MS;
    for (;;) {
      if (await isProvisioned(client, folder)) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, PROVISION_CHECK_MS));
    }
  }).catch((error: unknown) => {
    throw new UnavailableError(`The SFTP server could not be reached to check the supplier's folder: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (!provisioned) throw new SupplierNotProvisionedError(supplierAccount(folderName), PROVISION_WAIT_MS);
};

/**
 * Brings a server in line with the registrations (a new or rebuilt SFTP server, or a keys folder
 * lost): every supplier's key file is written again at the poller's start; the server's
 * provisioning makes any account or folder that is missing.
 */
export const restoreSuppliers = async (em: EntityManager, settings: DropFolderSettings): Promise<number> =>
  em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [KEY_FILE_LOCK]);
    const suppliers = await tx.find(SftpSupplier, {}, { orderBy: { tenantSlug: 'asc' } });
    await writeKeys(settings, suppliers);
    return suppliers.length;
  });

/**
 * Gives a tenant its drop folder and an account of its own on the SFTP server, which lets in the
 * one public key the operator command generated; registering again replaces the key. The
 * server's provisioning makes the account and the folder from the key file; this waits until it
 * has, so the printed credentials work at once. Only the operator command asks (a system principal).
 */
export const registerSupplier = async (
  em: EntityManager,
  settings: DropFolderSettings | null,
  principal: Principal,
  body: SftpSupplierBody,
): Promise<SftpSupplierReply> => {
  if (principal.actor.type !== 'system') throw new ForbiddenError('Only the operator command registers SFTP suppliers.', 'ingestion.sftp_operator_only');
  if (!settings) throw new DropFolderOffError();
  const folderName = await em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [KEY_FILE_LOCK]);
    const now = new Date();
    // A rotated key keeps its folder and account, and the deliveries in it.
    const current = await tx.findOne(SftpSupplier, { tenantId: principal.tenant_id });
    const supplier =
      current ??
      tx.create(SftpSupplier, {
        id: randomUUID(),
        tenantId: principal.tenant_id,
        tenantSlug: body.tenant_slug,
        folderName: `${body.tenant_slug}-${randomBytes(16).toString('hex')}`,
        publicKey: body.public_key,
        createdAt: now,
        updatedAt: now,
      });
    supplier.tenantSlug = body.tenant_slug;
    supplier.publicKey = body.public_key;
    supplier.updatedAt = now;
    await tx.flush();
    await writeKeys(settings, [supplier]);
    return supplier.folderName;
  });
  await waitUntilProvisioned(settings, folderName);
  // Jailed, the supplier's session sees its folder as the whole file system.
  return { host: settings.host, port: settings.port, user: supplierAccount(folderName), folder: '/', host_key: settings.hostKey };
};
