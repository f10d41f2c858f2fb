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
     * `<slug>-<128 random bits>`: the drop root cannot be listed, so a supplier knows no folder
     * but its own (see the README's production SFTP set-up).
     */
    folderName: p.string().columnType('text'),
    /** `ssh-ed25519 <base64>`: the public half of the key the operator command printed. */
    publicKey: p.text(),
    createdAt: moment(),
    updatedAt: moment(),
  },
});

export type SftpSupplier = InferEntity<typeof SftpSupplier>;
