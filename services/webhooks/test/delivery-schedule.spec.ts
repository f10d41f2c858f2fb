import { createHmac } from 'node:crypto';
import { judgeAttempt } from '../src/app/delivery/attempt-verdict.ts';
import { nextAttemptAt, retryAfterMs } from '../src/app/delivery/retry-schedule.ts';
import { signatureHeader } from '../src/app/delivery/signature.ts';

const policy = { baseMs: 30_000, capMs: 3_600_000, windowMs: 24 * 3_600_000, maxAttempts: 100 };
const T0 = Date.parse('2026-05-18T12:00:00Z');

describe('backoff with full jitter (the kit\'s), after the n-th failure', () => {
  it('has a ceiling of base·2^(n-1) up to the cap, and jitters between 0 and it', () => {
    const wait = (attempt: number, random: number) => nextAttemptAt({ attempt, nowMs: T0, occurredAtMs: T0 }, policy, () => random)!.getTime() - T0;
    expect(wait(1, 0.999999)).toBe(29_999);
    expect(wait(3, 0.5)).toBe(60_000);
    expect(wait(30, 0.5)).toBe(1_800_000);
    expect(wait(4, 0)).toBe(0);
  });
});

describe('next attempt', () => {
  it('is within the window, and never later than its end', () => {
    expect(nextAttemptAt({ attempt: 1, nowMs: T0, occurredAtMs: T0 }, policy, () => 0.5)).toEqual(new Date(T0 + 15_000));
    const nearEnd = T0 + policy.windowMs - 1_000;
    expect(nextAttemptAt({ attempt: 20, nowMs: nearEnd, occurredAtMs: T0 }, policy, () => 0.9)).toEqual(new Date(T0 + policy.windowMs));
  });

  it('is none once the window has passed', () => {
    expect(nextAttemptAt({ attempt: 5, nowMs: T0 + policy.windowMs, occurredAtMs: T0 }, policy)).toBeUndefined();
  });

  it('waits at least the Retry-After, capped at the window', () => {
    expect(nextAttemptAt({ attempt: 1, nowMs: T0, occurredAtMs: T0, retryAfterMs: 120_000 }, policy, () => 0)).toEqual(new Date(T0 + 120_000));
    expect(nextAttemptAt({ attempt: 1, nowMs: T0, occurredAtMs: T0, retryAfterMs: 10 * policy.windowMs }, policy, () => 0)).toEqual(
      new Date(T0 + policy.windowMs),
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('120', T0)).toBe(120_000);
    expect(retryAfterMs(new Date(T0 + 90_000).toUTCString(), T0)).toBe(90_000);
    expect(retryAfterMs('soon', T0)).toBeUndefined();
    expect(retryAfterMs(undefined, T0)).toBeUndefined();
  });
});

describe('judging an attempt', () => {
  const context = { attempt: 1, nowMs: T0, occurredAtMs: T0 };

  it('2xx delivers; 410 fails and ends the subscription', () => {
    expect(judgeAttempt({ statusCode: 204, retryAfter: undefined }, context, policy)).toEqual({ status: 'delivered' });
    expect(judgeAttempt({ statusCode: 410, retryAfter: undefined }, context, policy)).toEqual({ status: 'failed', reason: 'gone' });
  });

  it('retries a 3xx, a 500 and a network error', () => {
    for (const statusCode of [302, 500, undefined]) {
      expect(judgeAttempt({ statusCode, retryAfter: undefined }, context, policy, () => 0.5)).toEqual({
        status: 'pending',
        nextAttemptAt: new Date(T0 + 15_000),
      });
    }
  });

  it('honours Retry-After on 429 and 503 only', () => {
    expect(judgeAttempt({ statusCode: 429, retryAfter: '600' }, context, policy, () => 0)).toEqual({ status: 'pending', nextAttemptAt: new Date(T0 + 600_000) });
    expect(judgeAttempt({ statusCode: 503, retryAfter: '600' }, context, policy, () => 0)).toEqual({ status: 'pending', nextAttemptAt: new Date(T0 + 600_000) });
    expect(judgeAttempt({ statusCode: 500, retryAfter: '600' }, context, policy, () => 0)).toEqual({ status: 'pending', nextAttemptAt: new Date(T0) });
  });

  it('fails a delivery whose window is over', () => {
    expect(judgeAttempt({ statusCode: 500, retryAfter: undefined }, { ...context, nowMs: T0 + policy.windowMs }, policy)).toEqual({
      status: 'failed',
      reason: 'window',
    });
  });

  it('fails a delivery whose attempts are spent, inside the window too', () => {
    expect(judgeAttempt({ statusCode: 500, retryAfter: undefined }, { ...context, attempt: policy.maxAttempts - 1 }, policy, () => 0.5)).toMatchObject({
      status: 'pending',
    });
    expect(judgeAttempt({ statusCode: 500, retryAfter: undefined }, { ...context, attempt: policy.maxAttempts }, policy)).toEqual({
      status: 'failed',
      reason: 'attempts',
    });
  });

  it('fails at once a target the address policy refuses; a network error or 5xx is retried', () => {
    expect(judgeAttempt({ statusCode: undefined, retryAfter: undefined, refusedAddress: true }, context, policy)).toEqual({ status: 'failed', reason: 'refused' });
    expect(judgeAttempt({ statusCode: undefined, retryAfter: undefined, refusedAddress: false }, context, policy).status).toBe('pending');
    expect(judgeAttempt({ statusCode: 503, retryAfter: undefined }, context, policy).status).toBe('pending');
  });
});

describe('signature', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const body = '{"id":"x"}';
    const expected = createHmac('sha256', 'svwhsec_secret').update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader('svwhsec_secret', 1700000000, body)).toBe(`t=1700000000,v1=${expected}`);
  });
});
