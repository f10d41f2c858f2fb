import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  DeterministicFault,
  startScheduledJob,
  startWorkQueue,
  type BackoffPolicy,
  type ClaimedItem,
  type Logger,
  type ScheduledJob,
  type ServiceRuntime,
  type WorkLease,
  type WorkQueue,
  type WorkQueueTable,
} from '@sv/platform';
import type { MailConfig } from '../../config.ts';
import { MailOutbox } from '../../db/entities/credentials.entity.ts';
import { openMailBody, mailSealingKey } from './mail-sealing.ts';
import { logTransport, smtpTransport, type MailTransport } from './mail-transport.ts';

/** How often a mail is tried before it is dead, and how the waits between tries spread out. */
export interface MailRetry {
  maxAttempts: number;
  backoff: BackoffPolicy;
}

/** Ten tries, the waits' ceiling doubling from a minute up to an hour (the kit's full jitter). */
export const MAIL_RETRY: MailRetry = { maxAttempts: 10, backoff: { baseMs: 30_000, capMs: 3_600_000 } };

/** Outlives the SMTP transport's own time-outs (connect, greeting, socket); renewed while a send runs. */
const MAIL_LEASE_MS = 60_000;
const KEEP_SENT_DAYS = 7;
const KEEP_FAILED_DAYS = 30;
const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;

/** The outbox as the kit's work queue sees it: due mails oldest first. */
export const MAIL_QUEUE: WorkQueueTable = {
  schema: 'gateway',
  table: 'mail_outbox',
  readyStates: ['pending'],
  failedState: 'failed',
  deadState: 'dead',
  orderBy: '"next_attempt_at", "id"',
};

interface QueuedMail {
  recipient: string;
  subject: string;
  sealed_body: string | null;
  expired: boolean;
}

export interface MailRelayOptions {
  orm: MikroORM;
  transport: MailTransport;
  from: string;
  sealingKey: Buffer;
  logger: Logger;
  /** The safety-net poll; a mail queued in this process wakes the relay when it commits. */
  pollMs?: number;
  /** Mails one process sends at once. */
  concurrency?: number;
  retry?: MailRetry;
}

/**
 * Sends the mail outbox on the kit's work queue. A relay claims a mail and holds a lease on it
 * (renewed while the SMTP server takes its time), not a row lock: no transaction is open while
 * the mail is sent, so a slow server holds no database connection. Relays of several replicas
 * never send one mail at once; it is marked sent (its body cleared) only after the transport
 * accepted it, and a crash between acceptance and that commit sends it again (at least once).
 * A refusal is tried again after the kit's backoff until the attempts are spent (then the mail
 * is dead, with the last error); a mail past its discard time, or whose body no longer opens,
 * fails at once.
 */
export class MailRelay {
  readonly #options: Required<MailRelayOptions>;
  #queue: WorkQueue | undefined;
  #housekeeping: ScheduledJob | undefined;

  constructor(options: MailRelayOptions) {
    this.#options = { pollMs: 1000, concurrency: 4, retry: MAIL_RETRY, ...options };
  }

  start(): void {
    if (this.#queue) return;
    const { orm, pollMs, concurrency, retry, logger, transport } = this.#options;
    logger.info({ transport: transport.kind }, 'mail relay started');
    this.#queue = startWorkQueue({
      name: 'mail-relay',
      orm,
      table: MAIL_QUEUE,
      logger,
      concurrency,
      leaseMs: MAIL_LEASE_MS,
      maxAttempts: retry.maxAttempts,
      backoff: retry.backoff,
      pollMs,
      wakeOnCommitOf: [MailOutbox],
      work: (item, lease) => this.#send(item, lease),
      onGiveUp: (tx, item) => forgetBody(tx, item.id),
    });
    // Leased: one replica deleting the old mails is enough.
    this.#housekeeping = startScheduledJob({ name: 'mail-housekeeping', intervalMs: HOUSEKEEPING_EVERY_MS, lease: { orm }, logger, run: () => this.housekeep() });
  }

  /** Stops claiming, lets the sends in flight finish, then closes the transport. */
  async stop(): Promise<void> {
    await Promise.all([this.#queue?.stop(), this.#housekeeping?.stop()]);
    this.#queue = undefined;
    this.#housekeeping = undefined;
    this.#options.transport.close();
  }

  async #send(item: ClaimedItem, lease: WorkLease): Promise<void> {
    const { orm, transport, from, sealingKey, logger } = this.#options;
    const [mail] = await orm.em
      .fork()
      .execute<QueuedMail[]>(
        `select "recipient", "subject", "sealed_body", coalesce("discard_after" <= now(), false) as "expired" from "gateway"."mail_outbox" where "id" = ?`,
        [item.id],
      );
    if (!mail) return;
    if (mail.expired) throw new DeterministicFault('expired before it could be sent');
    let text: string;
    try {
      text = openMailBody(sealingKey, mail.sealed_body ?? '');
    } catch {
      throw new DeterministicFault('the body cannot be unsealed (was the token secret changed?)');
    }
    // Under the lease only: a refusal or a time-out here is retried by the queue.
    await transport.send({ id: item.id, from, to: mail.recipient, subject: mail.subject, text });
    await lease.commit((tx) =>
      tx.execute(`update "gateway"."mail_outbox" set "state" = 'sent', "sent_at" = now(), "sealed_body" = null where "id" = ?`, [item.id]),
    );
    if (transport.kind === 'smtp') logger.info({ mail_id: item.id, to: mail.recipient, subject: mail.subject, attempt: item.attempt }, 'mail sent');
  }

  /** Forgets sent mails after a week and given-up ones after a month. */
  async housekeep(): Promise<void> {
    await this.#options.orm.em.fork().execute(
      `delete from "gateway"."mail_outbox"
        where "sent_at" < now() - make_interval(days => ?) or "failed_at" < now() - make_interval(days => ?)`,
      [KEEP_SENT_DAYS, KEEP_FAILED_DAYS],
    );
  }
}

/** A mail given up (failed or dead) keeps when and why, never its body. */
const forgetBody = async (tx: EntityManager, id: string): Promise<void> => {
  await tx.execute(`update "gateway"."mail_outbox" set "failed_at" = now(), "sealed_body" = null where "id" = ?`, [id]);
};

/** The gateway's relay: SMTP when SV_SMTP_URL is set, otherwise the log (local development). */
export const startMailRelay = (runtime: ServiceRuntime, tokenSecret: string, mail: MailConfig): MailRelay => {
  const relay = new MailRelay({
    orm: runtime.orm,
    transport: mail.smtpUrl ? smtpTransport(mail.smtpUrl) : logTransport(runtime.logger),
    from: mail.from,
    sealingKey: mailSealingKey(tokenSecret),
    logger: runtime.logger,
  });
  relay.start();
  return relay;
};
