import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { Messages, NatsHeader, apiSubject, type ParsedServiceRequest, type ServiceRequest } from '@sv/contracts';
import {
  ConflictError,
  DomainError,
  NotFoundError,
  UnavailableError,
  ValidationError,
  callService,
  connectNats,
  currentRequestId,
  ok,
  serveOperations,
  withRequestId,
  type NatsConnection,
  type OperationTable,
  type RpcServer,
} from '../src/index.ts';
import { TEST_BUS, uniqueSubjectPrefix } from './support/isolation.ts';
import { deferred } from './support/kit.ts';
import { captureLogger, silentLogger } from './support/logging.ts';

let nc: NatsConnection;
let prefix: string;
const servers: RpcServer[] = [];

beforeAll(async () => {
  nc = await connectNats(TEST_BUS, 'catalogue', 'rpc-test', silentLogger());
  prefix = uniqueSubjectPrefix();
}, 90_000);

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.drain()));
});

afterAll(async () => {
  await nc?.drain();
});

const principal: ServiceRequest['principal'] = {
  tenant_id: randomUUID(),
  tenant_slug: 'label',
  role: 'owner',
  actor: { type: 'api_key', id: 'key-1' },
  artist_id: null,
  roster: false,
};

const request = (operation: string, extra: Partial<ServiceRequest> = {}): ServiceRequest => ({ operation, principal, ...extra });

/** A fresh api subject per test, answered by the servers the test starts. */
const newSubject = (): string => apiSubject(`${prefix}.${randomUUID().slice(0, 8)}`, 'catalogue');

/** Drains a server the test started, once. */
const drain = async (server: RpcServer): Promise<void> => {
  servers.splice(servers.indexOf(server), 1);
  await server.drain();
};

const serve = (subject: string, operations: OperationTable, logger = silentLogger(), queue = 'svc-catalogue'): RpcServer => {
  const server = serveOperations({ nc, subject, queue, operations, logger, service: 'catalogue' });
  servers.push(server);
  return server;
};

describe('rpc server and client', () => {
  it('answers callService with the reply of the named operation, passing params, query, body and principal', async () => {
    const subject = newSubject();
    const received: ParsedServiceRequest[] = [];
    serve(subject, {
      'things.get': async (req) => {
        received.push(req);
        return ok({ thing: { id: req.params.uuid, q: req.query.q, body: req.body } }, { 'X-Extra': 'yes' });
      },
    });
    const reply = await callService(
      nc,
      subject,
      request('things.get', { params: { uuid: 'abc' }, query: { q: 'x' }, body: { name: 'n' } }),
      5_000,
    );
    expect(reply).toEqual({ status: 200, headers: { 'X-Extra': 'yes' }, body: { thing: { id: 'abc', q: 'x', body: { name: 'n' } } } });
    expect(received).toHaveLength(1);
    expect(received[0]?.principal).toEqual(principal);
    expect(received[0]?.files).toEqual([]);
  }, 15_000);

  it("answers an unknown operation with 404 'Endpoint not found.'", async () => {
    const subject = newSubject();
    serve(subject, { 'things.get': async () => ok({}) });
    const reply = await callService(nc, subject, request('things.nope'), 5_000);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, error: 'Endpoint not found.' });
  }, 15_000);

  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])(
    "answers the inherited property name %j with 404 'Endpoint not found.' too",
    async (operation) => {
      const subject = newSubject();
      serve(subject, { 'things.get': async () => ok({}) });
      const reply = await callService(nc, subject, request(operation), 5_000);
      expect(reply).toEqual({ status: 404, headers: {}, body: { success: false, error: 'Endpoint not found.' } });
    },
    15_000,
  );

  it('answers a request that is not a service request with 400', async () => {
    const subject = newSubject();
    let invoked = 0;
    serve(subject, {
      'things.get': async () => {
        invoked += 1;
        return ok({});
      },
    });
    const raw = await nc.request(subject, JSON.stringify({ operation: 'things.get' }), { timeout: 5_000 });
    expect(raw.json()).toEqual({ status: 400, body: { success: false, error: Messages.malformedJson } });
    expect(invoked).toBe(0);
  }, 15_000);

  it('maps a thrown DomainError to its status and body', async () => {
    const subject = newSubject();
    serve(subject, {
      conflict: async () => {
        throw new ConflictError(Messages.artistSlugTaken, 'artist.slug_taken');
      },
      invalid: async () => {
        throw new ValidationError({ name: ['The name field is required.'] });
      },
      missing: async () => {
        throw new NotFoundError(Messages.artistNotFound);
      },
      exact: async () => {
        throw new DomainError('payment_required', 'overdue', {
          exactBody: { error: Messages.invoiceOverdue },
          headers: { 'Retry-After': '30' },
        });
      },
      unavailable: async () => {
        throw new UnavailableError();
      },
    });
    expect(await callService(nc, subject, request('conflict'), 5_000)).toEqual({
      status: 409,
      headers: {},
      body: { success: false, error: 'Artist slug already taken.' },
    });
    expect(await callService(nc, subject, request('invalid'), 5_000)).toEqual({
      status: 422,
      headers: {},
      body: { success: false, error: 'Validation failed', errors: { name: ['The name field is required.'] } },
    });
    expect(await callService(nc, subject, request('missing'), 5_000)).toMatchObject({
      status: 404,
      body: { success: false, error: 'Artist not found.' },
    });
    expect(await callService(nc, subject, request('exact'), 5_000)).toEqual({
      status: 402,
      headers: { 'Retry-After': '30' },
      body: { error: Messages.invoiceOverdue },
    });
    expect(await callService(nc, subject, request('unavailable'), 5_000)).toMatchObject({
      status: 503,
      body: { success: false, error: 'Service temporarily unavailable.' },
    });
  }, 15_000);

  it('answers an unknown error with 500 and a reference that is in the log line', async () => {
    const subject = newSubject();
    const { logger, lines } = captureLogger();
    serve(subject, { boom: async () => Promise.reject(new Error('secret internal detail')) }, logger);
    const reply = await callService(nc, subject, request('boom'), 5_000);
    expect(reply.status).toBe(500);
    const body = reply.body as { success: boolean; error: string; reference: string };
    expect(body).toEqual({ success: false, error: 'Internal server error.', reference: expect.any(String) });
    expect(body.reference).toMatch(/^[0-9A-F]{10}$/);
    expect(JSON.stringify(body)).not.toContain('secret internal detail');
    const logged = lines.find((line) => line.msg === 'unhandled error');
    expect(logged).toMatchObject({ level: 50, reference: body.reference });
  }, 15_000);

  it("carries X-Request-Id from the caller's context into the handler and back on the reply", async () => {
    const subject = newSubject();
    const seen: (string | undefined)[] = [];
    serve(subject, {
      whoami: async () => {
        seen.push(currentRequestId());
        return ok({ request_id: currentRequestId() });
      },
    });
    const reply = await withRequestId('req-rpc-7', () => callService(nc, subject, request('whoami'), 5_000));
    expect(reply.body).toEqual({ request_id: 'req-rpc-7' });
    expect(seen).toEqual(['req-rpc-7']);

    const headers = natsHeaders();
    headers.set(NatsHeader.requestId, 'req-rpc-8');
    const raw = await nc.request(subject, JSON.stringify(request('whoami')), { timeout: 5_000, headers });
    expect(raw.headers?.get(NatsHeader.requestId)).toBe('req-rpc-8');

    // A caller without a request id still gets a handler running under an id of its own.
    const anonymous = await callService(nc, subject, request('whoami'), 5_000);
    expect((anonymous.body as { request_id: string }).request_id).toMatch(/^[0-9a-f-]{36}$/);
  }, 15_000);

  it('rejects with UnavailableError at once when no server listens (no responders)', async () => {
    // The timeout is far beyond this test's own limit: only a no-responders answer can settle it in time.
    const call = callService(nc, newSubject(), request('things.get'), 120_000);
    await expect(call).rejects.toBeInstanceOf(UnavailableError);
    await expect(call).rejects.toMatchObject({ kind: 'unavailable', code: 'service_unreachable', message: Messages.serviceUnavailable });
  }, 10_000);

  it('rejects with UnavailableError when the server does not answer within the timeout', async () => {
    const subject = newSubject();
    const never = deferred();
    serve(subject, {
      stuck: async () => {
        await never.promise;
        return ok({});
      },
    });
    try {
      // A timeout is told apart from "no responders": the service may have done the work.
      await expect(callService(nc, subject, request('stuck'), 300)).rejects.toMatchObject({
        kind: 'unavailable',
        code: 'service_timeout',
        message: Messages.serviceUnavailable,
      });
    } finally {
      never.resolve();
    }
  }, 15_000);

  it('shares the requests of one queue group: each request is answered by exactly one server', async () => {
    const subject = newSubject();
    const handledBy: Record<string, string[]> = { a: [], b: [] };
    const operations = (name: 'a' | 'b'): OperationTable => ({
      'things.get': async (req) => {
        handledBy[name]?.push(String(req.params.n));
        return ok({ server: name, n: req.params.n });
      },
    });
    const a = serve(subject, operations('a'));
    const b = serve(subject, operations('b'));
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, n) => callService(nc, subject, request('things.get', { params: { n: String(n) } }), 5_000)),
    );
    await drain(a);
    await drain(b);

    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    const handled = [...(handledBy.a ?? []), ...(handledBy.b ?? [])].sort((x, y) => Number(x) - Number(y));
    expect(handled).toEqual(Array.from({ length: 40 }, (_, n) => String(n)));
  }, 15_000);

  it('drain stops taking requests but finishes those in flight', async () => {
    const subject = newSubject();
    const gate = deferred();
    const started = deferred();
    const server = serveOperations({
      nc,
      subject,
      queue: 'svc-catalogue',
      service: 'catalogue',
      logger: silentLogger(),
      operations: {
        slow: async () => {
          started.resolve();
          await gate.promise;
          return ok({ finished: true });
        },
      },
    });
    const inFlight = callService(nc, subject, request('slow'), 10_000);
    await started.promise;
    const drained = server.drain();
    gate.resolve();
    await drained;
    expect((await inFlight).body).toEqual({ finished: true });
    await expect(callService(nc, subject, request('slow'), 10_000)).rejects.toBeInstanceOf(UnavailableError);
  }, 15_000);
});
