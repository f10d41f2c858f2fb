import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Messages } from '@sv/contracts';
import { BadRequestError, ConflictError, DomainError } from '@sv/platform';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const RETENTION_HOURS = 24;
/** A claim older than this is treated as abandoned by a crashed gateway and may be taken over. */
const ABANDONED_AFTER_SECONDS = 60;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export type IdempotencyOutcome =
  | { kind: 'proceed'; complete: (response: StoredResponse) => Promise<void>; release: () => Promise<void> }
  | { kind: 'replay'; response: StoredResponse };

interface RecordRow {
  fingerprint: string;
  state: 'in_progress' | 'completed';
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: unknown;
  abandoned: boolean;
}

export class IdempotencyMismatchError extends DomainError {
  constructor() {
    super('validation', Messages.idempotencyBodyMismatch, { code: 'idempotency.body_mismatch' });
  }
}

export const assertIdempotencyKey = (key: string): void => {
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw new BadRequestError(Messages.idempotencyKeyTooLong, { code: 'idempotency.key_too_long' });
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims (tenant, key) for one request. The claim is an INSERT that only one of several
 * concurrent requests can win; the others wait for the winner's stored response and replay it,
 * so two requests with one key never both run. A different body under the same key is refused.
 */
export class IdempotencyService {
  readonly #orm: MikroORM;
  readonly #waitMs: number;

  constructor(orm: MikroORM, options: { waitMs?: number } = {}) {
    this.#orm = orm;
    this.#waitMs = options.waitMs ?? 10_000;
  }

  async begin(tenantId: string, key: string, fingerprint: string): Promise<IdempotencyOutcome> {
    const em = this.#orm.em.fork();
    const deadline = Date.now() + this.#waitMs;
    for (;;) {
      if (await this.#claim(em, tenantId, key, fingerprint)) return this.#proceed(tenantId, key);
      const existing = await this.#load(em, tenantId, key);
      if (!existing) continue; // expired and removed between our two statements: claim again
      if (existing.fingerprint !== fingerprint) throw new IdempotencyMismatchError();
      if (existing.state === 'completed') {
        return {
          kind: 'replay',
          response: {
            status: existing.response_status ?? 200,
            headers: existing.response_headers ?? {},
            body: existing.response_body,
          },
        };
      }
      if (existing.abandoned && (await this.#takeOver(em, tenantId, key))) return this.#proceed(tenantId, key);
      if (Date.now() >= deadline) throw new ConflictError(Messages.idempotencyInProgress, 'idempotency.in_progress');
      await sleep(50);
    }
  }

  async #claim(em: EntityManager, tenantId: string, key: string, fingerprint: string): Promise<boolean> {
    await em.execute(`delete from "gateway"."idempotency_record" where "tenant_id" = ? and "key" = ? and "expires_at" <= now()`, [
      tenantId,
      key,
    ]);
    const inserted = await em.execute<unknown[]>(
      `insert into "gateway"."idempotency_record"
         ("tenant_id", "key", "fingerprint", "state", "locked_at", "created_at", "expires_at")
       values (?, ?, ?, 'in_progress', now(), now(), now() + make_interval(hours => ?))
       on conflict do nothing returning "key"`,
      [tenantId, key, fingerprint, RETENTION_HOURS],
    );
    return inserted.length > 0;
  }

  async #load(em: EntityManager, tenantId: string, key: string): Promise<RecordRow | undefined> {
    const [row] = await em.execute<RecordRow[]>(
      `select "fingerprint", "state", "response_status", "response_headers", "response_body",
              "locked_at" < now() - make_interval(secs => ?) as "abandoned"
         from "gateway"."idempotency_record" where "tenant_id" = ? and "key" = ? and "expires_at" > now()`,
      [ABANDONED_AFTER_SECONDS, tenantId, key],
    );
    return row;
  }

  async #takeOver(em: EntityManager, tenantId: string, key: string): Promise<boolean> {
    const taken = await em.execute<unknown[]>(
      `update "gateway"."idempotency_record" set "locked_at" = now()
        where "tenant_id" = ? and "key" = ? and "state" = 'in_progress'
          and "locked_at" < now() - make_interval(secs => ?) returning "key"`,
      [tenantId, key, ABANDONED_AFTER_SECONDS],
    );
    return taken.length > 0;
  }

  #proceed(tenantId: string, key: string): IdempotencyOutcome {
    const em = this.#orm.em.fork();
    return {
      kind: 'proceed',
      complete: async (response) => {
        await em.execute(
          `update "gateway"."idempotency_record"
              set "state" = 'completed', "response_status" = ?, "response_headers" = ?::jsonb, "response_body" = ?::jsonb
            where "tenant_id" = ? and "key" = ?`,
          [response.status, JSON.stringify(response.headers), JSON.stringify(response.body ?? null), tenantId, key],
        );
      },
      // The operation did not happen (the service was unreachable or failed): free the key for a retry.
      release: async () => {
        await em.execute(`delete from "gateway"."idempotency_record" where "tenant_id" = ? and "key" = ? and "state" = 'in_progress'`, [
          tenantId,
          key,
        ]);
      },
    };
  }
}

export const pruneIdempotencyRecords = async (em: EntityManager): Promise<void> => {
  await em.execute(`delete from "gateway"."idempotency_record" where "expires_at" <= now()`);
};
