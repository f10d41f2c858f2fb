import type { MikroORM } from '@mikro-orm/postgresql';
import { parseErnAcknowledgement } from '@sv/ddex';
import type { Logger } from '@sv/platform';
import type { CataloguePort } from '../ports.ts';
import type { SessionOpener } from '../transports/open-session.ts';
import { confirmStoreStage } from './confirm-stage.ts';

export interface AckPollerDeps {
  orm: MikroORM;
  catalogue: CataloguePort;
  openSession: SessionOpener;
  logger: Logger;
}

/** Stages after which a store still has something to acknowledge. */
const AWAITING = ['submitted', 'accepted', 'live', 'update_submitted', 'updated', 'takedown_submitted'];

interface SentMessage {
  id: string;
  tenant_id: string;
  release_id: string;
}

/**
 * One pass of the acknowledgement poller (run under a lease, so on one replica at a time): for
 * every store still expected to answer, read the ACK_*.xml files in its acknowledgement folder,
 * move each named store and release along, then archive the file so it is read once. A file that
 * cannot be applied yet (the catalogue did not answer) stays and is read again next pass; one
 * that is not an acknowledgement at all is archived and logged.
 */
export const pollAcknowledgements = async (deps: AckPollerDeps): Promise<number> => {
  const em = deps.orm.em.fork();
  const stores = await em.execute<{ dsp_slug: string }[]>(
    `select distinct "dsp_slug" from "delivery"."store_state" where "stage" = any(?::text[])`,
    [`{${AWAITING.join(',')}}`],
  );
  let applied = 0;
  for (const { dsp_slug: slug } of stores) {
    const log = deps.logger.child({ dsp: slug, worker: 'ack-poller' });
    const session = await deps.openSession(slug).catch((error: unknown) => {
      log.warn({ err: error }, 'store endpoint unreachable; acknowledgements are read next pass');
      return undefined;
    });
    if (!session) continue;
    try {
      for (const file of await session.acknowledgements()) {
        let acknowledgement;
        try {
          acknowledgement = parseErnAcknowledgement(file.content.toString('utf8'));
        } catch (error) {
          log.warn({ err: error, file: file.name }, 'not an ERN acknowledgement; archived unread');
          await session.archiveAcknowledgement(file.name);
          continue;
        }
        for (const entry of acknowledgement.releases) {
          const [sent] = entry.acknowledged_message_id
            ? await em.execute<SentMessage[]>(
                `select "id", "tenant_id", "release_id" from "delivery"."delivery" where "message_id" = ? and "dsp_slug" = ? order by "sent_at" desc nulls last limit 1`,
                [entry.acknowledged_message_id, slug],
              )
            : [];
          if (!sent) {
            log.warn({ file: file.name, message_id: entry.acknowledged_message_id, release: entry.release_id }, 'acknowledgement names no message sent to this store');
            continue;
          }
          const { changed } = await confirmStoreStage(deps.orm.em.fork(), deps.catalogue, {
            tenantId: sent.tenant_id,
            releaseId: sent.release_id,
            slug,
            stage: entry.status,
            deliveryId: sent.id,
            ...(entry.error_text ? { message: entry.error_text } : {}),
          });
          if (changed) applied += 1;
        }
        await session.archiveAcknowledgement(file.name);
      }
    } catch (error) {
      log.warn({ err: error }, 'reading acknowledgements failed; trying again next pass');
    } finally {
      await session.close();
    }
  }
  return applied;
};
