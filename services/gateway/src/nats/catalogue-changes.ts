import type { NatsConnection } from '@nats-io/transport-node';
import { CatalogueDataChanged, catalogueDataChangedSubject } from '@sv/contracts';
import type { Logger } from '@sv/platform';
import type { ChangeListener } from './access-changes.ts';
import { listenForAnnouncements } from './announcements.ts';

/** Changes of tenants' catalogue rows, announced by the catalogue for every committed write. */
export const listenForCatalogueChanges = (nc: NatsConnection, prefix: string, listener: ChangeListener, logger: Logger): { stop(): void } =>
  listenForAnnouncements(
    nc,
    catalogueDataChangedSubject(prefix),
    CatalogueDataChanged,
    {
      heard: (announcement) => {
        if ('all' in announcement) listener.mayHaveMissedChanges();
        else for (const tenantId of announcement.tenant_ids) listener.tenantChanged(tenantId);
      },
      mayHaveMissedChanges: () => listener.mayHaveMissedChanges(),
    },
    logger,
  );
