import { randomUUID } from 'node:crypto';
import { Messages, apiSubject, type ParsedServiceRequest, type ServiceRequest } from '@sv/contracts';
import { TextSafetyMessages, connectNats, ok, serveOperations, type NatsConnection, type RpcServer } from '../src/index.ts';
import { TEST_BUS, uniqueSubjectPrefix } from './support/isolation.ts';
import { silentLogger } from './support/logging.ts';

/*
 * A request with text no service can store (NUL, a lone UTF-16 surrogate), sent straight onto the
 * bus rather than through the gateway, is refused by the kit's RPC server as the spec's 422, per
 * field, before the operation's handler runs.
 */

let nc: NatsConnection;
let server: RpcServer;
let subject: string;
const handled: ParsedServiceRequest[] = [];

const principal: ServiceRequest['principal'] = {
  tenant_id: randomUUID(),
  tenant_slug: 'label',
  role: 'artist',
  actor: { type: 'api_key', id: 'key-1' },
  artist_id: randomUUID(),
  roster: false,
};

beforeAll(async () => {
  nc = await connectNats(TEST_BUS, 'catalogue', 'rpc-text-test', silentLogger());
  subject = apiSubject(uniqueSubjectPrefix(), 'catalogue');
  server = serveOperations({
    nc,
    subject,
    queue: 'svc-catalogue',
    logger: silentLogger(),
    service: 'catalogue',
    operations: {
      'things.create': async (request) => {
        handled.push(request);
        return ok({ thing: request.body });
      },
    },
  });
}, 90_000);

afterAll(async () => {
  await server?.drain();
  await nc?.drain();
});

beforeEach(() => {
  handled.length = 0;
});

/** The request as JSON text on the wire: `\u0000` and `\ud800` escapes arrive as the characters themselves. */
const send = async (json: string): Promise<{ status: number; body: any }> => (await nc.request(subject, json, { timeout: 10_000 })).json();

const envelope = (extra: string): string => `{"operation":"things.create","principal":${JSON.stringify(principal)}${extra}}`;

describe('text no service can store, on a raw NATS request', () => {
  it('a NUL in a body field is a 422 naming the field, and the handler never runs', async () => {
    const reply = await send(envelope(',"body":{"title":"A\\u0000B","tracks":[{"title":"fine"},{"title":"\\u0000"}]}'));
    expect(reply).toEqual({
      status: 422,
      headers: {},
      body: {
        success: false,
        error: Messages.validationFailed,
        errors: { title: [TextSafetyMessages.nul('title')], 'tracks.1.title': [TextSafetyMessages.nul('tracks.1.title')] },
      },
    });
    expect(handled).toEqual([]);
  });

  it('a lone surrogate in a body field, and NUL in the query or a file name, are refused the same way', async () => {
    const reply = await send(
      envelope(
        ',"body":{"name":"x\\ud800"},"query":{"q":"a\\u0000"},"files":[{"field":"f","key":"k","url":"u","filename":"n\\u0000.csv","mime_type":"text/csv","size":1}]',
      ),
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      name: [TextSafetyMessages.loneSurrogate('name')],
      'query.q': [TextSafetyMessages.nul('query.q')],
      'files.0.filename': [TextSafetyMessages.nul('files.0.filename')],
    });
    expect(handled).toEqual([]);
  });

  it('a surrogate pair (an emoji) and ordinary text reach the handler unchanged', async () => {
    const reply = await send(envelope(',"body":{"title":"Caf\\u00e9 \\ud83c\\udfb5"}'));
    expect(reply).toMatchObject({ status: 200, body: { thing: { title: 'Café 🎵' } } });
    expect(handled).toHaveLength(1);
  });
});
