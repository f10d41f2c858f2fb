import type { MikroORM } from '@mikro-orm/postgresql';
import { startScheduledJob, type Logger, type ScheduledJob, type ServiceRuntime } from '@sv/platform';
import { readMailConfig, type MailConfig } from '../../config.ts';
import { openMailBody, mailSealingKey } from './mail-sealing.ts';
import { logTransport, smtpTransport, type MailTransport } from './mail-transport.ts';

/** Attempts before a mail is given up (marked failed); the waits between them double. */
export const MAIL_MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3_600_000;
const KEEP_SENT_DAYS = 7;
const KEEP_FAILED_DAYS = 30;
const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;

/** The wait after the given number of failed attempts: 30 s, 1 min, 2 min… capped at an hour. */
export const mailRetryDelayMs = (failedAttempts: number): number =>
  Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));

interface PendingMail {
  id: string;
  recipient: string;
  subject: string;
  sealed_body: string | null;
  attempts: number;
  discard_after: Date | null;
}

export interface MailRelayOptions {
  orm: MikroORM;
  transport: MailTransport;
  from: string;
  sealingKey: Buffer;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
}

/**
 * Sends the mail outbox. Each mail is claimed in its own transaction with FOR UPDATE SKIP
 * LOCKED, so relays of several replicas never send one mail twice at once, and it is marked
 * sent (its body cleared) only after the transport accepted it. A failure waits with a doubling
 * backoff; a crash between acceptance and commit sends the mail again (at least once).
 */
export class MailRelay {
  readonly #options: Required<MailRelayOptions>;
  #jobs: ScheduledJob[] = [];

  constructor(options: MailRelayOptions) {
    this.#options = { intervalMs: 1000, batchSize: 20, ...options };
  }

  start(): void {
    if (this.#jobs.length > 0) return;
    const { orm, intervalMs, batchSize, logger, transport } = this.#options;
    logger.info({ transport: transport.kind }, 'mail relay started');
    this.#jobs = [
      // Not leased: every replica sends, each mail claimed by one of them (SKIP LOCKED).
      startScheduledJob({ name: 'mail-relay', intervalMs, lease: false, logger, run: async () => (await this.sendBatch()) >= batchSize }),
      // Leased: one replica deleting the old mails is enough.
      startScheduledJob({ name: 'mail-housekeeping', intervalMs: HOUSEKEEPING_EVERY_MS, lease: { orm }, logger, run: () => this.housekeep() }),
    ];
  }

  async stop(): Promise<void> {
    await Promise.all(this.#jobs.splice(0).map((job) => job.stop()));
    this.#options.transport.close();
  }

  /** Sends up to one batch of due mails; returns how many were claimed. */
  async sendBatch(): Promise<number> {
    let claimed = 0;
    while (claimed < this.#options.batchSize && (await this.#sendOne())) claimed++;
    return claimed;
  }

  async #sendOne(): Promise<boolean> {
    const { orm, transport, from, sealingKey, logger } = this.#options;
    return orm.em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<PendingMail[]>(
        `select "id", "recipient", "subject", "sealed_body", "attempts", "discard_after" from "gateway"."mail_outbox"
          where "sent_at" is null and "failed_at" is null and "next_attempt_at" <= now()
          order by "next_attempt_at", "id" limit 1 for update skip locked`,
      );
      if (!row) return false;
      const giveUp = async (reason: string) => {
        await tx.execute(
          `update "gateway"."mail_outbox" set "failed_at" = now(), "sealed_body" = null, "last_error" = ? where "id" = ?`,
          [reason, row.id],
        );
        logger.warn({ mail_id: row.id, reason }, 'mail given up');
      };
      if (row.discard_after && new Date(row.discard_after).getTime() <= Date.now()) {
        await giveUp('expired before it could be sent');
        return true;
      }
      let text: string;
      try {
        text = openMailBody(sealingKey, row.sealed_body ?? '');
      } catch {
        await giveUp('the body cannot be unsealed (was the token secret changed?)');
        return true;
      }
      try {
        await transport.send({ id: row.id, from, to: row.recipient, subject: row.subject, text });
      } catch (error) {
        const attempts = row.attempts + 1;
        const reason = error instanceof Error ? error.message.slice(0, 500) : 'send failed';
        if (attempts >= MAIL_MAX_ATTEMPTS) {
          await tx.execute(`update "gateway"."mail_outbox" set "attempts" = ? where "id" = ?`, [attempts, row.id]);
          await giveUp(reason);
        } else {
          await tx.execute(
            `update "gateway"."mail_outbox" set "attempts" = ?, "last_error" = ?,
                    "next_attempt_at" = now() + make_interval(secs => ?) where "id" = ?`,
            [attempts, reason, mailRetryDelayMs(attempts) / 1000, row.id],
          );
          logger.warn({ mail_id: row.id, attempts, err: error }, 'mail send failed; will retry');
        }
        return true;
      }
      await tx.execute(
        `update "gateway"."mail_outbox" set "sent_at" = now(), "attempts" = "attempts" + 1, "sealed_body" = null, "last_error" = null
          where "id" = ?`,
        [row.id],
      );
      if (transport.kind === 'smtp') logger.info({ mail_id: row.id, to: row.recipient, subject: row.subject }, 'mail sent');
      return true;
    });
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

/** The gateway's relay: SMTP when SV_SMTP_URL is set, otherwise the log (local development). */
export const startMailRelay = (runtime: ServiceRuntime, tokenSecret: string, mail: MailConfig = readMailConfig()): MailRelay => {
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
