import type { NatsConnection } from '@nats-io/transport-node';
import { AccessChanged, accessChangedSubject } from '@sv/contracts';
import type { Logger } from '@sv/platform';
import { listenForAnnouncements } from './announcements.ts';

const encoder = new TextEncoder();

/** Announces that who may call the API changed for a tenant; flushed, so it has left when this resolves. */
export const publishAccessChanged = async (nc: NatsConnection, prefix: string, tenantId: string): Promise<void> => {
  nc.publish(accessChangedSubject(prefix), encoder.encode(JSON.stringify(AccessChanged.parse({ tenant_id: tenantId }))));
  await nc.flush();
};

export interface ChangeListener {
  /** A tenant's credentials (or catalogue rows) changed. */
  tenantChanged(tenantId: string): void;
  /** Announcements may have been missed: forget everything. */
  mayHaveMissedChanges(): void;
}

/** Credential changes (a key revoked, a tenant suspended, an invoice opened or paid). */
export const listenForAccessChanges = (nc: NatsConnection, prefix: string, listener: ChangeListener, logger: Logger): { stop(): void } =>
  listenForAnnouncements(
    nc,
    accessChangedSubject(prefix),
    AccessChanged,
    { heard: (announcement) => listener.tenantChanged(announcement.tenant_id), mayHaveMissedChanges: () => listener.mayHaveMissedChanges() },
    logger,
  );
