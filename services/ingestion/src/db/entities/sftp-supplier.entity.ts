import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/** A supplier tenant's drop folder and the one key that may write to it. */
export const SftpSupplier = defineEntity({
  name: 'SftpSupplier',
  tableName: 'sftp_supplier',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    tenantSlug: p.string().columnType('text'),
    /**
     * `<slug>-<128 random bits>`: the supplier's jail under the drop root, and the source of its
     * system account's name (see the README's Security section, "SFTP drop folder").
     */
    folderName: p.string().columnType('text'),
    /** `ssh-ed25519 <base64>`: the public half of the key the operator command printed. */
    publicKey: p.text(),
    createdAt: moment(),
    updatedAt: moment(),
  },
});

export type SftpSupplier = InferEntity<typeof SftpSupplier>;
