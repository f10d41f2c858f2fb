import { apiRequest, awaitRoomInRateWindow, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/**
 * The per-account failed-login limit under concurrency: the spec tolerates five failed logins per
 * account within a minute and answers 429 after that, however many guesses arrive at once.
 */

const PASSWORD = 'correct horse battery staple';
const TENANT = 'lockout';
/** The spec: "five failed logins within 60 seconds give 429". */
const TOLERATED_FAILURES = 5;
const PARALLEL_GUESSES = 40;
const INVALID_LOGIN = { success: false, error: 'Invalid email or password.' };
const TOO_MANY = { success: false, error: 'Too many requests. Please slow down.' };

/** Each operator call starts a process (about a second); a busy machine needs more than 5 s. */
const SETUP_TIMEOUT = 180_000;
/** Tests that may wait for the next wall-clock minute, then hash a few passwords. */
const WINDOW_TIMEOUT = 120_000;
/** A burst must land in one window: it waits for the next minute when less than this is left. */
const WINDOW_MARGIN_MS = 25_000;


const statusCounts = (responses: ApiResponse[]): Record<number, number> => {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
};

describe('failed-login lockout per account', () => {
  let platform: TestPlatform;

  const login = (email: string, password: string) =>
    apiRequest(platform.baseUrl, '/auth/login', { method: 'POST', body: { email, password, tenant_slug: TENANT } });

  beforeAll(async () => {
    // Every request here comes from one address; the multiplier keeps the per-address auth limit
    // (5 a minute) out of the way, so only the per-account limit is measured.
    platform = await startPlatform({ catalogue: false, env: { SV_RATE_LIMIT_MULTIPLIER: '100' } });
    await platform.adminOk('tenant', 'create', '--slug', TENANT, '--name', 'Lockout');
    await Promise.all(
      ['burst@lockout.test', 'steady@lockout.test'].map((email) =>
        platform.adminOk('user', 'create', '--tenant', TENANT, '--email', email, '--password', PASSWORD, '--role', 'owner'),
      ),
    );
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await platform?.stop();
  }, SETUP_TIMEOUT);

  it(
    `of ${PARALLEL_GUESSES} parallel wrong passwords for one account, ${TOLERATED_FAILURES} are 401 and the rest 429; the right password right after is 429`,
    async () => {
      await awaitRoomInRateWindow(WINDOW_MARGIN_MS);
      const responses = await Promise.all(
        Array.from({ length: PARALLEL_GUESSES }, (_, guess) => login('burst@lockout.test', `wrong-${guess}`)),
      );
      expect(statusCounts(responses)).toEqual({ 401: TOLERATED_FAILURES, 429: PARALLEL_GUESSES - TOLERATED_FAILURES });
      for (const response of responses) {
        expect(response.body).toEqual(response.status === 401 ? INVALID_LOGIN : TOO_MANY);
        expect(response.headers.getSetCookie()).toEqual([]);
      }

      const rightPassword = await login('burst@lockout.test', PASSWORD);
      expect({ status: rightPassword.status, body: rightPassword.body }).toEqual({ status: 429, body: TOO_MANY });
      expect(rightPassword.headers.getSetCookie()).toEqual([]);
    },
    WINDOW_TIMEOUT,
  );

  it(
    'an email with no account is limited the same way: the same 401 five times, then 429',
    async () => {
      await awaitRoomInRateWindow(WINDOW_MARGIN_MS);
      const responses = await Promise.all(
        Array.from({ length: PARALLEL_GUESSES }, (_, guess) => login('nobody@lockout.test', `guess-${guess}`)),
      );
      expect(statusCounts(responses)).toEqual({ 401: TOLERATED_FAILURES, 429: PARALLEL_GUESSES - TOLERATED_FAILURES });
      for (const response of responses) expect(response.body).toEqual(response.status === 401 ? INVALID_LOGIN : TOO_MANY);
    },
    WINDOW_TIMEOUT,
  );

  it(
    'successful logins do not use up the budget: after six in a row, five failures are still 401 and only the next is 429',
    async () => {
      await awaitRoomInRateWindow(WINDOW_MARGIN_MS);
      for (let attempt = 1; attempt <= TOLERATED_FAILURES + 1; attempt++) {
        const response = await login('steady@lockout.test', PASSWORD);
        expect([attempt, response.status]).toEqual([attempt, 200]);
        expect(typeof response.body.data.access_token).toBe('string');
      }
      for (let attempt = 1; attempt <= TOLERATED_FAILURES; attempt++) {
        const response = await login('steady@lockout.test', `wrong-${attempt}`);
        expect([attempt, response.status, response.body]).toEqual([attempt, 401, INVALID_LOGIN]);
      }
      const locked = await login('steady@lockout.test', PASSWORD);
      expect({ status: locked.status, body: locked.body }).toEqual({ status: 429, body: TOO_MANY });
    },
    WINDOW_TIMEOUT,
  );
});
