import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MailOutbox } from '../../db/entities/credentials.entity.ts';
import { sealMailBody } from './mail-sealing.ts';

export interface OutgoingMail {
  tenantId: string | null;
  to: string;
  subject: string;
  text: string;
  /** Give up on the mail after this instant (e.g. when the code it carries expires). */
  discardAfter?: Date;
}

/**
 * Queues a mail in the caller's unit of work: it is committed with the state change that
 * decided to send it (a code, a token) or not at all. The relay sends it afterwards.
 */
export const enqueueMail = (em: EntityManager, sealingKey: Buffer, mail: OutgoingMail): MailOutbox => {
  const now = new Date();
  return em.create(MailOutbox, {
    id: randomUUID(),
    tenantId: mail.tenantId,
    recipient: mail.to,
    subject: mail.subject,
    sealedBody: sealMailBody(sealingKey, mail.text),
    createdAt: now,
    discardAfter: mail.discardAfter ?? null,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    leaseUntil: null,
    lastError: null,
    sentAt: null,
    failedAt: null,
  });
};
