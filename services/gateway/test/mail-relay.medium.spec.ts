import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import { enqueueMail } from '../src/app/mail/mail-outbox.ts';
import { MAIL_MAX_ATTEMPTS, MailRelay } from '../src/app/mail/mail-relay.ts';
import { mailSealingKey } from '../src/app/mail/mail-sealing.ts';
import type { Mail, MailTransport } from '../src/app/mail/mail-transport.ts';
import { GATEWAY_ENTITIES, GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from '../src/db/index.ts';

const logger = createLogger({ service: 'gateway', env: 'production', level: 'silent' });
const key = mailSealingKey('a token secret for the relay tests');

/** A transport that records what it accepted and fails while `failing` is set. */
const recordingTransport = (options: { delayMs?: number } = {}) => {
  const sent: Mail[] = [];
  const transport: MailTransport & { sent: Mail[]; failing: boolean; calls: number } = {
    kind: 'smtp',
    sent,
    failing: false,
    calls: 0,
    async send(mail) {
      transport.calls++;
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (transport.failing) throw new Error('421 try again later');
      sent.push(mail);
    },
    close() {},
  };
  return transport;
};

interface Row {
  id: string;
  attempts: number;
  sent_at: string | null;
  failed_at: string | null;
  sealed_body: string | null;
  last_error: string | null;
  wait_seconds: number;
}

describe('the mail relay (Postgres)', () => {
  let db: TestDatabase;
  let orm: MikroORM;

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
        `select *, extract(epoch from ("next_attempt_at" - now()))::float as "wait_seconds" from "gateway"."mail_outbox" where "id" = ?`,
        [id],
      );
    return found!;
  };

  const relay = (transport: MailTransport) => new MailRelay({ orm, transport, from: 'no-reply@sv.local', sealingKey: key, logger });

  it('sends a queued mail, then marks it sent and clears its body', async () => {
    const [id] = await queue(1);
    expect((await row(id!)).sealed_body).not.toContain('123456');
    const transport = recordingTransport();
    expect(await relay(transport).sendBatch()).toBe(1);
    expect(transport.sent).toEqual([{ id, from: 'no-reply@sv.local', to: 'user0@relay.test', subject: 'Mail 0', text: 'Body 0: 123456' }]);
    const sent = await row(id!);
    expect(sent.sent_at).not.toBeNull();
    expect(sent.sealed_body).toBeNull();
    expect(sent.attempts).toBe(1);
    expect(await relay(transport).sendBatch()).toBe(0);
    expect(transport.sent).toHaveLength(1);
  });

  it('a refused mail is not marked sent and waits with a doubling backoff', async () => {
    const [id] = await queue(1);
    const transport = recordingTransport();
    transport.failing = true;
    await relay(transport).sendBatch();
    let state = await row(id!);
    expect(state).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, last_error: '421 try again later' });
    expect(state.sealed_body).not.toBeNull();
    expect(state.wait_seconds).toBeGreaterThan(25);
    expect(state.wait_seconds).toBeLessThanOrEqual(30);

    // Not due yet: nothing is tried.
    expect(await relay(transport).sendBatch()).toBe(0);
    expect(transport.calls).toBe(1);

    await orm.em.fork().execute(`update "gateway"."mail_outbox" set "next_attempt_at" = now() where "id" = ?`, [id]);
    await relay(transport).sendBatch();
    state = await row(id!);
    expect(state.attempts).toBe(2);
    expect(state.wait_seconds).toBeGreaterThan(55);
    expect(state.wait_seconds).toBeLessThanOrEqual(60);

    transport.failing = false;
    await orm.em.fork().execute(`update "gateway"."mail_outbox" set "next_attempt_at" = now() where "id" = ?`, [id]);
    await relay(transport).sendBatch();
    state = await row(id!);
    expect(state.sent_at).not.toBeNull();
    expect(state.attempts).toBe(3);
    expect(transport.sent).toHaveLength(1);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts`, async () => {
    const [id] = await queue(1);
    await orm.em.fork().execute(`update "gateway"."mail_outbox" set "attempts" = ? where "id" = ?`, [MAIL_MAX_ATTEMPTS - 1, id]);
    const transport = recordingTransport();
    transport.failing = true;
    await relay(transport).sendBatch();
    const state = await row(id!);
    expect(state.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(state.failed_at).not.toBeNull();
    expect(state.sealed_body).toBeNull();
    expect(await relay(transport).sendBatch()).toBe(0);
  });

  it('does not send a mail past its discard time, nor one it cannot unseal', async () => {
    const [late] = await queue(1, { discardAfter: new Date(Date.now() - 1000) });
    const [foreign] = await queue(1, { sealingKey: mailSealingKey('another secret altogether') });
    const transport = recordingTransport();
    await relay(transport).sendBatch();
    expect(transport.calls).toBe(0);
    expect((await row(late!)).failed_at).not.toBeNull();
    expect((await row(foreign!)).failed_at).not.toBeNull();
  });

  it('two relays working the same outbox send every mail exactly once (SKIP LOCKED)', async () => {
    const ids = await queue(30);
    const transport = recordingTransport({ delayMs: 10 });
    const relays = [relay(transport), relay(transport), relay(transport)];
    const drain = async (one: MailRelay) => {
      while ((await one.sendBatch()) > 0);
    };
    await Promise.all(relays.map(drain));
    expect(transport.sent.map((mail) => mail.id).sort()).toEqual([...ids].sort());
    const [pending] = await orm.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as "n" from "gateway"."mail_outbox" where "sent_at" is null`);
    expect(pending!.n).toBe(0);
  });

  it('runs in the background once started and stops cleanly', async () => {
    const [id] = await queue(1);
    const transport = recordingTransport();
    const background = new MailRelay({ orm, transport, from: 'no-reply@sv.local', sealingKey: key, logger, intervalMs: 20 });
    background.start();
    const deadline = Date.now() + 10_000;
    while (transport.sent.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await background.stop();
    expect(transport.sent.map((mail) => mail.id)).toEqual([id]);
  });
});
