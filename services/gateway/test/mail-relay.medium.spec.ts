import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SMTPServer } from 'smtp-server';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@sv/testing';
import { enqueueMail } from '../src/app/mail/mail-outbox.ts';
import { MAIL_RETRY, MailRelay, type MailRelayOptions } from '../src/app/mail/mail-relay.ts';
import { mailSealingKey } from '../src/app/mail/mail-sealing.ts';
import { smtpTransport, type Mail, type MailTransport } from '../src/app/mail/mail-transport.ts';
import { GATEWAY_ENTITIES, GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from '../src/db/index.ts';

const logger = createLogger({ service: 'gateway', env: 'production', level: 'silent' });
const key = mailSealingKey('a token secret for the relay tests');

/** A transport that records what it accepted and refuses the mails `refuses` picks. */
const recordingTransport = (options: { delayMs?: number } = {}) => {
  const sent: Mail[] = [];
  const transport: MailTransport & { sent: Mail[]; refuses: (mail: Mail) => boolean; calls: Mail[] } = {
    kind: 'smtp',
    sent,
    refuses: () => false,
    calls: [],
    async send(mail) {
      transport.calls.push(mail);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (transport.refuses(mail)) throw new Error('421 try again later');
      sent.push(mail);
    },
    close() {},
  };
  return transport;
};

/** A real SMTP server on a free port: it refuses every recipient, or holds each message until let go. */
const startSmtpServer = async (behaviour: { refuse?: boolean; hold?: boolean }) => {
  let recipients = 0;
  let holding: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (holding = resolve));
  let letGo: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      recipients++;
      if (!behaviour.refuse) return callback();
      callback(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        if (!behaviour.hold) return callback();
        holding();
        void released.then(() => callback());
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    recipients: () => recipients,
    /** Resolves once the server holds a message it has not answered yet. */
    held,
    letGo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

interface Row {
  id: string;
  state: string;
  attempts: number;
  sent_at: string | null;
  failed_at: string | null;
  sealed_body: string | null;
  last_error: string | null;
  leased: boolean;
  wait_seconds: number;
}

describe('the mail relay (Postgres)', () => {
  let db: TestDatabase;
  let orm: MikroORM;
  const running: MailRelay[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openDatabase({ url: db.url, schema: GATEWAY_SCHEMA, entities: GATEWAY_ENTITIES, migrations: GATEWAY_MIGRATIONS, logger });
  }, 180_000);

  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  beforeEach(async () => {
    await orm.em.fork().execute(`delete from "gateway"."mail_outbox"`);
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((one) => one.stop()));
  });

  const queue = async (count: number, extra: { discardAfter?: Date; sealingKey?: Buffer } = {}): Promise<string[]> => {
    const em = orm.em.fork();
    const ids = Array.from({ length: count }, (_, i) =>
      enqueueMail(em, extra.sealingKey ?? key, {
        tenantId: null,
        to: `user${i}@relay.test`,
        subject: `Mail ${i}`,
        text: `Body ${i}: 123456`,
        ...(extra.discardAfter ? { discardAfter: extra.discardAfter } : {}),
      }).id,
    );
    await em.flush();
    return ids;
  };

  const row = async (id: string): Promise<Row> => {
    const [found] = await orm.em
      .fork()
      .execute<Row[]>(
        `select *, coalesce("lease_until" > now(), false) as "leased", extract(epoch from ("next_attempt_at" - now()))::float as "wait_seconds"
          from "gateway"."mail_outbox" where "id" = ?`,
        [id],
      );
    return found!;
  };

  const rowWhen = (id: string, what: string, holds: (state: Row) => boolean): Promise<Row> =>
    eventually(what, async () => {
      const state = await row(id);
      return holds(state) ? state : undefined;
    });

  const makeDue = (id: string) => orm.em.fork().execute(`update "gateway"."mail_outbox" set "next_attempt_at" = now() where "id" = ?`, [id]);

  /** A started relay, polling often: the tests wait on the outbox's rows, never on time. */
  const relay = (transport: MailTransport, extra: Partial<MailRelayOptions> = {}): MailRelay => {
    const started = new MailRelay({ orm, transport, from: 'no-reply@sv.local', sealingKey: key, logger, pollMs: 20, ...extra });
    started.start();
    running.push(started);
    return started;
  };

  it('sends a queued mail, then marks it sent and clears its body', async () => {
    const [id] = await queue(1);
    expect((await row(id!)).sealed_body).not.toContain('123456');
    const transport = recordingTransport();
    relay(transport);
    // Sent, then the lease let go: two commits, so the test waits for both.
    const sent = await rowWhen(id!, 'the mail sent', (state) => state.state === 'sent' && !state.leased);
    expect(transport.sent).toEqual([{ id, from: 'no-reply@sv.local', to: 'user0@relay.test', subject: 'Mail 0', text: 'Body 0: 123456' }]);
    expect(sent.sent_at).not.toBeNull();
    expect(sent.sealed_body).toBeNull();
    expect(sent.attempts).toBe(1);
    // A later mail goes too, and the sent one is not sent again.
    const [later] = await queue(1);
    await rowWhen(later!, 'the later mail sent', (state) => state.state === 'sent');
    expect(transport.sent.map((mail) => mail.id)).toEqual([id, later]);
  });

  it('a refused mail is not marked sent and waits for its retry (full jitter, capped)', async () => {
    const [id] = await queue(1);
    const transport = recordingTransport();
    transport.refuses = (mail) => mail.id === id;
    relay(transport);
    let state = await rowWhen(id!, 'the first refusal', (found) => found.attempts === 1 && found.last_error !== null);
    expect(state).toMatchObject({ state: 'pending', sent_at: null, failed_at: null, last_error: '421 try again later', leased: false });
    expect(state.sealed_body).not.toBeNull();
    // The first retry's ceiling: twice the base, as the kit's backoff counts the attempt made.
    expect(state.wait_seconds).toBeLessThanOrEqual((2 * MAIL_RETRY.backoff.baseMs) / 1000);

    // Not due yet (unless the jitter drew nothing): another mail is sent meanwhile, this one is not tried.
    if (state.wait_seconds > 1) {
      const [other] = await queue(1);
      await rowWhen(other!, 'the other mail sent', (found) => found.state === 'sent');
      expect(transport.calls.filter((mail) => mail.id === id)).toHaveLength(1);
    }

    await makeDue(id!);
    state = await rowWhen(id!, 'the second refusal', (found) => found.attempts === 2 && !found.leased);
    expect(state).toMatchObject({ state: 'pending', last_error: '421 try again later' });

    transport.refuses = () => false;
    await makeDue(id!);
    state = await rowWhen(id!, 'the mail sent', (found) => found.state === 'sent' && !found.leased);
    expect(state).toMatchObject({ attempts: 3, last_error: null });
    expect(transport.sent.filter((mail) => mail.id === id)).toHaveLength(1);
  });

  it(`gives up after ${MAIL_RETRY.maxAttempts} attempts: dead, with the last error and no body`, async () => {
    const [id] = await queue(1);
    await orm.em.fork().execute(`update "gateway"."mail_outbox" set "attempts" = ? where "id" = ?`, [MAIL_RETRY.maxAttempts - 1, id]);
    const transport = recordingTransport();
    transport.refuses = () => true;
    relay(transport);
    const state = await rowWhen(id!, 'the mail dead', (found) => found.state === 'dead');
    expect(state).toMatchObject({ attempts: MAIL_RETRY.maxAttempts, last_error: '421 try again later', sealed_body: null, sent_at: null, leased: false });
    expect(state.failed_at).not.toBeNull();
    expect(transport.calls).toHaveLength(1);
  });

  it('a message whose SMTP server keeps refusing ends dead with its last error after the capped attempts', async () => {
    const smtp = await startSmtpServer({ refuse: true });
    try {
      const [id] = await queue(1);
      relay(smtpTransport(smtp.url), { retry: { maxAttempts: 3, backoff: { baseMs: 5, capMs: 20 } } });
      const state = await rowWhen(id!, 'the mail dead', (found) => found.state === 'dead');
      expect(state.attempts).toBe(3);
      expect(state.last_error).toMatch(/451 mailbox busy, try again later/);
      expect(state).toMatchObject({ sealed_body: null, sent_at: null });
      expect(state.failed_at).not.toBeNull();
      // Each attempt reached the server once; none after the last.
      expect(smtp.recipients()).toBe(3);
    } finally {
      await smtp.close();
    }
  });

  it('holds a lease, and no open transaction, while a slow SMTP server takes the message', async () => {
    const smtp = await startSmtpServer({ hold: true });
    try {
      const [id] = await queue(1);
      relay(smtpTransport(smtp.url));
      await smtp.held;
      const during = await row(id!);
      expect(during).toMatchObject({ state: 'pending', attempts: 1, leased: true, sent_at: null });
      const [open] = await orm.em
        .fork()
        .execute<{ n: number }[]>(
          `select count(*)::int as "n" from pg_stat_activity where "datname" = current_database() and "state" like 'idle in transaction%'`,
        );
      expect(open!.n).toBe(0);
      smtp.letGo();
      const after = await rowWhen(id!, 'the mail sent', (found) => found.state === 'sent' && !found.leased);
      expect(after).toMatchObject({ attempts: 1, sealed_body: null });
    } finally {
      smtp.letGo();
      await smtp.close();
    }
  });

  it('does not send a mail past its discard time, nor one it cannot unseal: both fail at once', async () => {
    const [late] = await queue(1, { discardAfter: new Date(Date.now() - 1000) });
    const [foreign] = await queue(1, { sealingKey: mailSealingKey('another secret altogether') });
    const transport = recordingTransport();
    relay(transport);
    const expired = await rowWhen(late!, 'the late mail failed', (found) => found.state === 'failed');
    const unsealable = await rowWhen(foreign!, 'the foreign mail failed', (found) => found.state === 'failed');
    expect(transport.calls).toHaveLength(0);
    expect(expired).toMatchObject({ attempts: 1, last_error: 'expired before it could be sent', sealed_body: null });
    expect(unsealable).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/cannot be unsealed/), sealed_body: null });
    expect(expired.failed_at).not.toBeNull();
  });

  it('three relays working the same outbox send every mail exactly once', async () => {
    const transport = recordingTransport({ delayMs: 10 });
    for (let i = 0; i < 3; i++) relay(transport);
    const ids = await queue(30);
    await eventually('every mail sent', async () => {
      const [pending] = await orm.em.fork().execute<{ n: number }[]>(`select count(*)::int as "n" from "gateway"."mail_outbox" where "state" <> 'sent'`);
      return pending!.n === 0;
    });
    expect(transport.sent.map((mail) => mail.id).sort()).toEqual([...ids].sort());
    expect(transport.calls).toHaveLength(30);
  });

  it('runs in the background once started and stops cleanly', async () => {
    const [id] = await queue(1);
    const transport = recordingTransport();
    const background = new MailRelay({ orm, transport, from: 'no-reply@sv.local', sealingKey: key, logger, pollMs: 20 });
    background.start();
    await eventually('the mail sent', () => transport.sent.length > 0);
    await background.stop();
    expect(transport.sent.map((mail) => mail.id)).toEqual([id]);
    expect((await row(id!)).state).toBe('sent');
  });
});
