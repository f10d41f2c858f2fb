import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { Messages } from '@sv/contracts';
import { apiRequest, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/** Tests that run the admin command start a process per call; a busy machine needs more than 5 s. */
const SETUP_TIMEOUT = 90_000;
const MAIL_TIMEOUT = 15_000;
/** The 'auth' category allows 5 requests a minute per client address; every test request comes from 127.0.0.1. */
const RATE_ENV = { SV_RATE_LIMIT_MULTIPLIER: '20' };

const TENANT = 'cred';
const PASSWORD = 'correct horse battery';
const OTP_SENT = 'If an account with this email exists, a verification code has been sent to it.';
const RESET_SENT = 'If an account with this email exists, password reset instructions have been sent to it.';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** The text body of a raw message, with quoted-printable or base64 transfer encoding undone. */
const decodeBody = (raw: string): { subject: string; text: string } => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') {
    text = Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(body, 'base64').toString('utf8');
  }
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
};

/** A real SMTP receiver on a free port that keeps every message it accepts. */
const startSmtpReceiver = async () => {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), ...decodeBody(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const codeIn = (text: string): string => {
  const code = /verification code is (\d{6})\./.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail: ${text}`);
  return code;
};
const tokenIn = (text: string): string => {
  const token = /Reset token: ([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
  if (!token) throw new Error(`no reset token in mail: ${text}`);
  return token;
};
/** Another six-digit code, certainly wrong. */
const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const expect422 = (response: ApiResponse, message: string) => {
  expect(response.status).toBe(422);
  expect(response.body.success).toBe(false);
  expect(response.body.error).toBe(message);
  expect(typeof response.body.errors).toBe('object');
};

describe('passwords, one-time codes and password reset', () => {
  let platform: TestPlatform;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let db: pg.Client;
  let apiKey: string;
  /** Every code and token mailed during the run, for the storage check. */
  const secretsSeen: string[] = [];

  const post = (path: string, body: unknown, key?: string) => apiRequest(platform.baseUrl, path, { method: 'POST', body, key });
  const patchMe = (key: string, body: unknown) => apiRequest(platform.baseUrl, '/users/me', { method: 'PATCH', body, key });
  const me = (key: string) => apiRequest(platform.baseUrl, '/users/me', { key });
  const login = (email: string, password: string) => post('/auth/login', { email, password, tenant_slug: TENANT });
  const tokenOf = async (email: string, password = PASSWORD): Promise<string> => {
    const response = await login(email, password);
    expect(response.status).toBe(200);
    return response.body.data.access_token as string;
  };

  /** Waits for the next mail to `to` after the `seen` first ones. */
  const nextMail = async (to: string, seen: number): Promise<ReceivedMail> => {
    const deadline = Date.now() + MAIL_TIMEOUT;
    for (;;) {
      const mails = smtp.inbox.filter((mail) => mail.to.includes(to));
      if (mails.length > seen) return mails[seen]!;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${MAIL_TIMEOUT} ms`);
      await sleep(100);
    }
  };
  const mailsTo = (to: string) => smtp.inbox.filter((mail) => mail.to.includes(to)).length;

  /** Asks for a code and returns it as the mail carried it. */
  const requestCode = async (email: string): Promise<string> => {
    const seen = mailsTo(email);
    const response = await post('/auth/resend-otp', { email, tenant_slug: TENANT });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: OTP_SENT });
    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Your verification code');
    const code = codeIn(mail.text);
    secretsSeen.push(code);
    return code;
  };
  const requestResetToken = async (email: string): Promise<string> => {
    const seen = mailsTo(email);
    const response = await post('/auth/forgot-password', { email, tenant_slug: TENANT });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: RESET_SENT });
    const mail = await nextMail(email, seen);
    expect(mail.subject).toBe('Reset your password');
    const token = tokenIn(mail.text);
    secretsSeen.push(token);
    return token;
  };
  const verify = (email: string, code: string) => post('/auth/verify-otp', { email, tenant_slug: TENANT, code });
  const emailVerifiedAt = async (email: string): Promise<Date | null> => {
    const result = await db.query<{ email_verified_at: Date | null }>(
      `select "email_verified_at" from "gateway"."app_user" where "email" = $1`,
      [email],
    );
    return result.rows[0]!.email_verified_at;
  };

  const users = {
    changer: 'changer@cred.test',
    wrong: 'wrong@cred.test',
    otp: 'otp@cred.test',
    typo: 'typo@cred.test',
    guesser: 'guesser@cred.test',
    late: 'late@cred.test',
    again: 'again@cred.test',
    reset: 'reset@cred.test',
    lapsed: 'lapsed@cred.test',
    careful: 'careful@cred.test',
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    platform = await startPlatform({ catalogue: false, env: { ...RATE_ENV, SV_SMTP_URL: smtp.url } });
    const tenant = await platform.admin('tenant', 'create', '--slug', TENANT, '--name', 'Credentials');
    expect(tenant.code).toBe(0);
    const created = await Promise.all([
      ...Object.values(users).map((email) =>
        platform.admin('user', 'create', '--tenant', TENANT, '--email', email, '--password', PASSWORD, '--role', 'owner'),
      ),
      platform.admin('key', 'create', '--tenant', TENANT, '--role', 'owner'),
    ]);
    for (const result of created) expect(result.code).toBe(0);
    apiKey = created.at(-1)!.json.key as string;
    db = new pg.Client({ connectionString: platform.db.url });
    await db.connect();
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await db?.end();
    await platform?.stop();
    await smtp?.close();
  });

  describe('PATCH /users/me changes the password', () => {
    it('with the right current password: 200, the old password stops working, other sessions end, this one stays', async () => {
      const current = await tokenOf(users.changer);
      const other = await tokenOf(users.changer);
      const changed = await patchMe(current, { current_password: PASSWORD, new_password: 'a brand new secret' });
      expect(changed.status).toBe(200);
      expect(changed.body.success).toBe(true);
      expect(changed.body.data.user.email).toBe(users.changer);
      expect(JSON.stringify(changed.body)).not.toContain('a brand new secret');

      expect((await me(current)).status).toBe(200);
      const revoked = await me(other);
      expect(revoked.status).toBe(401);
      expect(revoked.body.error).toBe(Messages.tokenInvalid);

      const old = await login(users.changer, PASSWORD);
      expect(old.status).toBe(401);
      expect(old.body.error).toBe(Messages.loginInvalid);
      expect((await login(users.changer, 'a brand new secret')).status).toBe(200);
    });

    it('with a wrong current password: 422 "Current password is incorrect." and nothing changes', async () => {
      const token = await tokenOf(users.wrong);
      const refused = await patchMe(token, { current_password: 'not the password', new_password: 'another good one' });
      expect422(refused, 'Current password is incorrect.');
      expect(refused.body.errors.current_password).toEqual([Messages.currentPasswordIncorrect]);
      expect((await me(token)).status).toBe(200);
      expect((await login(users.wrong, 'another good one')).status).toBe(401);
      expect((await login(users.wrong, PASSWORD)).status).toBe(200);
    });

    it('checks the new password: at least 8 characters, at most 1024, both fields required', async () => {
      const token = await tokenOf(users.wrong);
      const short = await patchMe(token, { current_password: PASSWORD, new_password: 'short' });
      expect422(short, 'Validation failed');
      expect(short.body.errors.new_password).toEqual(['The new_password must be at least 8 characters.']);

      const long = await patchMe(token, { current_password: PASSWORD, new_password: 'x'.repeat(1025) });
      expect422(long, 'Validation failed');
      expect(Object.keys(long.body.errors)).toEqual(['new_password']);

      const empty = await patchMe(token, {});
      expect422(empty, 'Validation failed');
      expect(empty.body.errors.current_password).toEqual(['The current_password field is required.']);
      expect(empty.body.errors.new_password).toEqual(['The new_password field is required.']);

      expect((await patchMe(token, { current_password: PASSWORD, new_password: 'x'.repeat(1024) })).status).toBe(200);
      expect((await login(users.wrong, 'x'.repeat(1024))).status).toBe(200);
    });

    it('an API key has no password: 403; no token: 401', async () => {
      const refused = await patchMe(apiKey, { current_password: PASSWORD, new_password: 'whatever it is' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, error: 'You do not have permission to perform this action.' });
      const anonymous = await apiRequest(platform.baseUrl, '/users/me', { method: 'PATCH', body: { current_password: 'x', new_password: 'yyyyyyyy' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toBe(Messages.tokenMissing);
    });
  });

  describe('one-time codes', () => {
    it('a mailed code verifies the email once: 200 {verified:true}, then 422', async () => {
      expect(await emailVerifiedAt(users.otp)).toBeNull();
      const code = await requestCode(users.otp);
      expect(code).toMatch(/^\d{6}$/);
      const verified = await verify(users.otp, code);
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ success: true, data: { verified: true } });
      expect(await emailVerifiedAt(users.otp)).toBeInstanceOf(Date);

      expect422(await verify(users.otp, code), 'Invalid or expired OTP.');
    });

    it('a wrong code is 422 and the right one still works afterwards', async () => {
      const code = await requestCode(users.typo);
      const wrong = await verify(users.typo, wrongCode(code));
      expect422(wrong, Messages.invalidOtp);
      expect(wrong.body.errors).toEqual({ code: [Messages.invalidOtp] });
      expect((await verify(users.typo, code)).status).toBe(200);
    });

    it('five wrong tries kill the code: the right one is then refused too', async () => {
      const code = await requestCode(users.guesser);
      for (let i = 0; i < 5; i++) expect422(await verify(users.guesser, wrongCode(code)), Messages.invalidOtp);
      expect422(await verify(users.guesser, code), Messages.invalidOtp);
      expect(await emailVerifiedAt(users.guesser)).toBeNull();
      const attempts = await db.query(`select "attempts" from "gateway"."one_time_code" c join "gateway"."app_user" u on u."id" = c."user_id" where u."email" = $1`, [
        users.guesser,
      ]);
      expect(attempts.rows.map((row) => row.attempts)).toEqual([5]);
    });

    it('an expired code is 422', async () => {
      const code = await requestCode(users.late);
      await db.query(
        `update "gateway"."one_time_code" set "expires_at" = now() - interval '1 second'
          where "user_id" = (select "id" from "gateway"."app_user" where "email" = $1)`,
        [users.late],
      );
      expect422(await verify(users.late, code), 'Invalid or expired OTP.');
      expect(await emailVerifiedAt(users.late)).toBeNull();
    });

    it('a new code replaces the previous one', async () => {
      const first = await requestCode(users.again);
      const second = await requestCode(users.again);
      if (first !== second) expect422(await verify(users.again, first), Messages.invalidOtp);
      expect((await verify(users.again, second)).status).toBe(200);
    });

    it('an unknown email gets the same 200 and no mail; a code for it is 422', async () => {
      const unknown = 'nobody@cred.test';
      const response = await post('/auth/resend-otp', { email: unknown, tenant_slug: TENANT });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: OTP_SENT });
      const queued = await db.query(`select count(*)::int as n from "gateway"."mail_outbox" where "recipient" = $1`, [unknown]);
      expect(queued.rows[0].n).toBe(0);
      expect422(await verify(unknown, '123456'), Messages.invalidOtp);
      // A mail asked for afterwards arrives, and still nothing went to the unknown address.
      await requestCode(users.typo);
      expect(mailsTo(unknown)).toBe(0);
    });

    it('the bodies are validated; an unknown tenant is 404', async () => {
      const invalid = await post('/auth/resend-otp', { email: 'not-an-email', tenant_slug: TENANT });
      expect422(invalid, 'Validation failed');
      expect(invalid.body.errors.email).toBeDefined();
      const noCode = await post('/auth/verify-otp', { email: users.otp, tenant_slug: TENANT });
      expect422(noCode, 'Validation failed');
      expect(noCode.body.errors.code).toEqual(['The code field is required.']);
      const tenant = await post('/auth/resend-otp', { email: users.otp, tenant_slug: 'no-such-tenant' });
      expect(tenant.status).toBe(404);
      expect(tenant.body.error).toBe(Messages.tenantNotFound);
    });
  });

  describe('password reset', () => {
    it('a mailed token sets a new password once and ends every session', async () => {
      const before = await tokenOf(users.reset);
      expect((await me(before)).status).toBe(200);
      const token = await requestResetToken(users.reset);
      const reset = await post('/auth/reset-password', { token, password: 'reset to this one' });
      expect(reset.status).toBe(200);
      expect(reset.body.success).toBe(true);

      const revoked = await me(before);
      expect(revoked.status).toBe(401);
      expect(revoked.body.error).toBe(Messages.tokenInvalid);
      expect((await login(users.reset, PASSWORD)).status).toBe(401);
      expect((await login(users.reset, 'reset to this one')).status).toBe(200);
      // The mailbox is proven, so the email counts as verified.
      expect(await emailVerifiedAt(users.reset)).toBeInstanceOf(Date);

      const reused = await post('/auth/reset-password', { token, password: 'and once more' });
      expect422(reused, 'Invalid or expired reset token.');
      expect(reused.body.errors).toEqual({ token: [Messages.invalidResetToken] });
      expect((await login(users.reset, 'and once more')).status).toBe(401);
    });

    it('an expired token is 422', async () => {
      const token = await requestResetToken(users.lapsed);
      await db.query(
        `update "gateway"."password_reset_token" set "expires_at" = now() - interval '1 second'
          where "user_id" = (select "id" from "gateway"."app_user" where "email" = $1)`,
        [users.lapsed],
      );
      expect422(await post('/auth/reset-password', { token, password: 'too late for this' }), Messages.invalidResetToken);
      expect((await login(users.lapsed, PASSWORD)).status).toBe(200);
    });

    it('a too short password is 422 and does not spend the token; an unknown token is 422', async () => {
      const token = await requestResetToken(users.careful);
      const short = await post('/auth/reset-password', { token, password: 'short' });
      expect422(short, 'Validation failed');
      expect(short.body.errors.password).toEqual(['The password must be at least 8 characters.']);
      expect((await post('/auth/reset-password', { token, password: 'long enough now' })).status).toBe(200);
      expect422(await post('/auth/reset-password', { token: 'A'.repeat(43), password: 'long enough now' }), Messages.invalidResetToken);
    });

    it('an unknown email gets the same 200 and no mail', async () => {
      const unknown = 'ghost@cred.test';
      const response = await post('/auth/forgot-password', { email: unknown, tenant_slug: TENANT });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: RESET_SENT });
      const queued = await db.query(`select count(*)::int as n from "gateway"."mail_outbox" where "recipient" = $1`, [unknown]);
      expect(queued.rows[0].n).toBe(0);
      expect(mailsTo(unknown)).toBe(0);
    });
  });

  describe('storage', () => {
    it('codes and reset tokens are stored only as digests; sent mail bodies are cleared', async () => {
      expect(secretsSeen.length).toBeGreaterThan(5);
      const tables = ['one_time_code', 'password_reset_token', 'mail_outbox'];
      for (const table of tables) {
        const rows = await db.query(`select to_jsonb(t)::text as row from "gateway"."${table}" t`);
        expect(rows.rows.length).toBeGreaterThan(0);
        for (const { row } of rows.rows as { row: string }[]) {
          for (const secret of secretsSeen) expect(row).not.toContain(secret);
        }
      }
      const digests = await db.query(`select "code_digest" as d from "gateway"."one_time_code" union all select "token_digest" from "gateway"."password_reset_token"`);
      for (const { d } of digests.rows as { d: string }[]) expect(d).toMatch(/^[0-9a-f]{64}$/);
      const outbox = await db.query(`select count(*)::int as n from "gateway"."mail_outbox" where "sent_at" is not null and "sealed_body" is not null`);
      expect(outbox.rows[0].n).toBe(0);
    });

    it('the gateway log never carries a code, token or password when mail goes over SMTP', () => {
      const logText = platform.gateways[0]!.process.logs.map((line) => JSON.stringify(line)).join('\n');
      for (const secret of secretsSeen) expect(logText).not.toContain(secret);
      expect(logText).not.toContain(PASSWORD);
      expect(platform.gateways[0]!.process.logs.some((line) => line.msg === 'mail sent')).toBe(true);
    });
  });
});

describe('the mail relay without SMTP', () => {
  let platform: TestPlatform;
  const email = 'dev@local.test';
  const password = 'a local password';

  beforeAll(async () => {
    platform = await startPlatform({ catalogue: false, env: RATE_ENV });
    expect((await platform.admin('tenant', 'create', '--slug', 'local', '--name', 'Local')).code).toBe(0);
    expect((await platform.admin('user', 'create', '--tenant', 'local', '--email', email, '--password', password, '--role', 'owner')).code).toBe(0);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await platform?.stop();
  });

  const mailLine = (subject: string) => (line: Record<string, unknown>) =>
    line.msg === 'mail (no SMTP configured)' && line.to === email && line.subject === subject;

  it('writes the mail to the log; the code is in that line only and works', async () => {
    const gateway = platform.gateways[0]!.process;
    const sent = await apiRequest(platform.baseUrl, '/auth/resend-otp', { body: { email, tenant_slug: 'local' } });
    expect(sent.status).toBe(200);
    const line = await gateway.waitForLog(mailLine('Your verification code'), MAIL_TIMEOUT);
    expect(line.level).toBe(30); // info
    const code = codeIn(String(line.text));
    const verified = await apiRequest(platform.baseUrl, '/auth/verify-otp', { body: { email, tenant_slug: 'local', code } });
    expect(verified.status).toBe(200);

    const reset = await apiRequest(platform.baseUrl, '/auth/forgot-password', { body: { email, tenant_slug: 'local' } });
    expect(reset.status).toBe(200);
    const token = tokenIn(String((await gateway.waitForLog(mailLine('Reset your password'), MAIL_TIMEOUT)).text));
    const done = await apiRequest(platform.baseUrl, '/auth/reset-password', { body: { token, password: 'the next local password' } });
    expect(done.status).toBe(200);
    await sleep(200);

    const lines = gateway.logs.map((entry) => JSON.stringify(entry));
    expect(lines.filter((text) => text.includes(code))).toHaveLength(1);
    expect(lines.filter((text) => text.includes(token))).toHaveLength(1);
    expect(lines.some((text) => text.includes(password) || text.includes('the next local password'))).toBe(false);
  });
});
