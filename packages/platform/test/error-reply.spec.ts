import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  UnavailableError,
  ValidationError,
  errorToReply,
  isDatabaseUnavailable,
  statusOfKind,
  type ErrorKind,
} from '../src/index.ts';
import { captureLogger } from './support/logging.ts';

const reply = (error: unknown) => errorToReply(error, captureLogger().logger);

describe('errorToReply', () => {
  it.each<[ErrorKind, number]>([
    ['bad_request', 400],
    ['unauthorized', 401],
    ['payment_required', 402],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['payload_too_large', 413],
    ['unsupported_media_type', 415],
    ['validation', 422],
    ['rate_limited', 429],
    ['unavailable', 503],
  ])('maps the %s kind to %i with the spec error body', (kind, status) => {
    expect(statusOfKind(kind)).toBe(status);
    expect(reply(new DomainError(kind, 'Something went wrong.'))).toEqual({
      status,
      headers: {},
      body: { success: false, error: 'Something went wrong.' },
    });
  });

  it('uses the named subclasses with the spec messages', () => {
    expect(reply(new NotFoundError('Artist not found.'))).toMatchObject({ status: 404, body: { success: false, error: 'Artist not found.' } });
    expect(reply(new ConflictError('Artist slug already taken.'))).toMatchObject({ status: 409, body: { error: 'Artist slug already taken.' } });
    expect(reply(new ForbiddenError())).toMatchObject({ status: 403, body: { error: 'You do not have permission to perform this action.' } });
    expect(reply(new UnauthorizedError('Authentication token is missing.'))).toMatchObject({ status: 401 });
    expect(reply(new BadRequestError('Malformed JSON body.'))).toMatchObject({ status: 400, body: { error: 'Malformed JSON body.' } });
    expect(reply(new UnavailableError())).toMatchObject({ status: 503, body: { error: 'Service temporarily unavailable.' } });
  });

  it("sends a 422's per-field errors as errors", () => {
    expect(reply(new ValidationError({ name: ['The name field is required.'], slug: ['The slug field is required.'] }))).toEqual({
      status: 422,
      headers: {},
      body: {
        success: false,
        error: 'Validation failed',
        errors: { name: ['The name field is required.'], slug: ['The slug field is required.'] },
      },
    });
  });

  it('sends exactBody verbatim and passes extra headers', () => {
    const exactBody = { error: 'Account access is suspended due to an outstanding invoice. Please contact support to restore access.' };
    expect(reply(new DomainError('payment_required', 'overdue', { exactBody }))).toEqual({ status: 402, headers: {}, body: exactBody });
    expect(reply(new DomainError('rate_limited', 'Too many requests. Please slow down.', { headers: { 'Retry-After': '12' } }))).toEqual({
      status: 429,
      headers: { 'Retry-After': '12' },
      body: { success: false, error: 'Too many requests. Please slow down.' },
    });
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a server shutting down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a connection failure (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['an ORM connection exception', Object.assign(new Error('db down'), { name: 'ConnectionException' })],
    ['an AggregateError of refused connections', Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' })],
    ['a wrapped refused connection', new Error('query failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) })],
  ])('maps %s to 503 Service temporarily unavailable.', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(reply(error)).toEqual({ status: 503, headers: {}, body: { success: false, error: 'Service temporarily unavailable.' } });
  });

  it('does not take a wrong query for an unreachable database', () => {
    const syntax = Object.assign(new Error('syntax error at or near "selct"'), { code: '42601' });
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(reply(syntax).status).toBe(500);
  });

  it('answers anything else with 500, a short reference, and logs the error under that reference', () => {
    const { logger, lines } = captureLogger();
    const result = errorToReply(new Error('secret stack detail'), logger);
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ success: false, error: 'Internal server error.', reference: expect.stringMatching(/^[0-9A-F]{10}$/) });
    expect(JSON.stringify(result.body)).not.toContain('secret');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'unhandled error', reference: result.body.reference });
    expect(errorToReply('a thrown string', logger).status).toBe(500);
    expect(errorToReply(undefined, logger).status).toBe(500);
    expect(lines[1]?.reference).not.toBe(lines[0]?.reference);
  });
});
