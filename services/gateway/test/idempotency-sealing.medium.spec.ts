import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SealingError, createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import { IdempotencyService, type IdempotencyOutcome, type IdempotencyScope } from '../src/app/idempotency/idempotency.service.ts';
import { idempotencySealingKey } from '../src/app/idempotency/response-sealing.ts';
import { GATEWAY_ENTITIES, GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from '../src/db/index.ts';

const logger = createLogger({ service: 'gateway', env: 'production', level: 'silent' });
const FINGERPRINT = 'a'.repeat(64);

describe('stored idempotent responses (Postgres)', () => {
  let db: TestDatabase;
  let orm: MikroORM;
  let service: IdempotencyService;

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await openDatabase({ url: db.url, schema: GATEWAY_SCHEMA, entities: GATEWAY_ENTITIES, migrations: GATEWAY_MIGRATIONS, logger });
    service = new IdempotencyService(orm, { sealingKey: idempotencySealingKey('a token secret for the idempotency tests') });
  }, 180_000);

  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  const scopeOf = (tenantId: string, credential: string): IdempotencyScope => ({ tenantId, credential });

  const proceeded = (outcome: IdempotencyOutcome) => {
    if (outcome.kind !== 'proceed') throw new Error(`expected to proceed, got ${outcome.kind}`);
    return outcome;
  };

  /** Runs a keyed request to completion with a response that carries a fresh secret. */
  const completeWithSecret = async (scope: IdempotencyScope, key: string) => {
    const secret = `svwhsec_${randomUUID()}`;
    const response = { status: 201, headers: { Location: '/webhooks/1' }, body: { webhook: { uuid: randomUUID(), secret } } };
    await proceeded(await service.begin(scope, key, FINGERPRINT)).complete(response);
    return { secret, response };
  };

  const rowText = async (scope: IdempotencyScope, key: string): Promise<string> => {
    const [found] = await orm.em
      .fork()
      .execute<{ row: string }[]>(
        `select row_to_json(r)::text as "row" from "gateway"."idempotency_record" r where "tenant_id" = ? and "credential" = ? and "key" = ?`,
        [scope.tenantId, scope.credential, key],
      );
    if (!found) throw new Error('no stored record');
    return found.row;
  };

  it('stores the response sealed, and replays it as it was', async () => {
    const scope = scopeOf(randomUUID(), `api_key:${randomUUID()}`);
    const key = `key-${randomUUID()}`;
    const { secret, response } = await completeWithSecret(scope, key);

    const stored = await rowText(scope, key);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(response.body.webhook.uuid);
    expect(stored).not.toContain('/webhooks/1');
    expect(JSON.parse(stored)).toEqual(expect.objectContaining({ state: 'completed', response_status: 201, sealed_response: expect.stringMatching(/^v1\./) }));

    expect(await service.begin(scope, key, FINGERPRINT)).toEqual({ kind: 'replay', response });
  });

  it("another credential of the tenant with the same key proceeds and never sees the first one's response", async () => {
    const tenantId = randomUUID();
    const key = `key-${randomUUID()}`;
    const first = scopeOf(tenantId, `api_key:${randomUUID()}`);
    await completeWithSecret(first, key);

    const second = scopeOf(tenantId, `user:${randomUUID()}`);
    const { response } = await completeWithSecret(second, key);
    expect(await service.begin(second, key, FINGERPRINT)).toEqual({ kind: 'replay', response });
  });

  it('refuses to replay a response moved onto another record or sealed under another key', async () => {
    const tenantId = randomUUID();
    const key = `key-${randomUUID()}`;
    const original = scopeOf(tenantId, `api_key:${randomUUID()}`);
    const other = scopeOf(tenantId, `api_key:${randomUUID()}`);
    await completeWithSecret(original, key);
    await completeWithSecret(other, key);

    await orm.em.fork().execute(
      `update "gateway"."idempotency_record" o set "sealed_response" = s."sealed_response"
         from "gateway"."idempotency_record" s
        where o."tenant_id" = ? and o."credential" = ? and o."key" = ? and s."tenant_id" = o."tenant_id" and s."credential" = ? and s."key" = o."key"`,
      [tenantId, other.credential, key, original.credential],
    );
    await expect(service.begin(other, key, FINGERPRINT)).rejects.toThrow(SealingError);

    const rotated = new IdempotencyService(orm, { sealingKey: idempotencySealingKey('the token secret after a rotation') });
    await expect(rotated.begin(original, key, FINGERPRINT)).rejects.toThrow(SealingError);
  });
});
