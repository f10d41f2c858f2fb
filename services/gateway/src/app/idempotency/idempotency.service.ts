import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Messages } from '@sv/contracts';
import { BadRequestError, ConflictError, DomainError, Sealer } from '@sv/platform';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const RETENTION_HOURS = 24;
/** A claim older than this is treated as abandoned by a crashed gateway and may be taken over. */
const ABANDONED_AFTER_SECONDS = 60;

/**
 * Whose keys these are: the tenant and the credential that sent the request. Another
 * credential of the same tenant (with other roles) never sees a response stored for this one.
 */
export interface IdempotencyScope {
  tenantId: string;
  /** `api_key:<id>` or `user:<id>`. */
  credential: string;
}

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
  sealed_response: string | null;
  abandoned: boolean;
}

/** What is sealed: everything of the response but its status. */
interface SealedPart {
  headers: Record<string, string>;
  body: unknown;
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

/** Binds a sealed response to its row, so a sealed value copied onto another row does not open. */
const associatedData = (scope: IdempotencyScope, key: string): string => JSON.stringify([scope.tenantId, scope.credential, key]);

const WHERE_RECORD = `"tenant_id" = ? and "credential" = ? and "key" = ?`;
const recordParams = (scope: IdempotencyScope, key: string): string[] => [scope.tenantId, scope.credential, key];

/**
 * Claims (tenant, credential, key) for one request. The claim is an INSERT that only one of
 * several concurrent requests can win; the others wait for the winner's stored response and
 * replay it, so two requests with one key never both run. A different body under the same key
 * is refused. Stored responses are sealed: one may carry a secret shown only once.
 */
export class IdempotencyService {
  readonly #orm: MikroORM;
  readonly #waitMs: number;
  readonly #sealer: Sealer;

  /** `sealingKey` seals stored responses (see response-sealing.ts). */
  constructor(orm: MikroORM, options: { sealingKey: Buffer; waitMs?: number }) {
    this.#orm = orm;
    this.#waitMs = options.waitMs ?? 10_000;
    this.#sealer = new Sealer(options.sealingKey);
  }

  async begin(scope: IdempotencyScope, key: string, fingerprint: string): Promise<IdempotencyOutcome> {
    const em = this.#orm.em.fork();
    const deadline = Date.now() + this.#waitMs;
    for (;;) {
      if (await this.#claim(em, scope, key, fingerprint)) return this.#proceed(scope, key);
      const existing = await this.#load(em, scope, key);
      if (!existing) continue; // expired and removed between our two statements: claim again
      if (existing.fingerprint !== fingerprint) throw new IdempotencyMismatchError();
      if (existing.state === 'completed') return { kind: 'replay', response: this.#unseal(existing, scope, key) };
      if (existing.abandoned && (await this.#takeOver(em, scope, key))) return this.#proceed(scope, key);
      if (Date.now() >= deadline) throw new ConflictError(Messages.idempotencyInProgress, 'idempotency.in_progress');
      await sleep(50);
    }
  }

  /** Throws SealingError when the stored response was sealed under another key (the token secret changed). */
  #unseal(row: RecordRow, scope: IdempotencyScope, key: string): StoredResponse {
    const sealed = row.sealed_response === null ? { headers: {}, body: null } : (JSON.parse(this.#sealer.open(row.sealed_response, associatedData(scope, key))) as SealedPart);
    return { status: row.response_status ?? 200, headers: sealed.headers, body: sealed.body };
  }

  async #claim(em: EntityManager, scope: IdempotencyScope, key: string, fingerprint: string): Promise<boolean> {
    await em.execute(`delete from "gateway"."idempotency_record" where ${WHERE_RECORD} and "expires_at" <= now()`, recordParams(scope, key));
    const inserted = await em.execute<unknown[]>(
      `insert into "gateway"."idempotency_record"
         ("tenant_id", "credential", "key", "fingerprint", "state", "locked_at", "created_at", "expires_at")
       values (?, ?, ?, ?, 'in_progress', now(), now(), now() + make_interval(hours => ?))
       on conflict do nothing returning "key"`,
      [...recordParams(scope, key), fingerprint, RETENTION_HOURS],
    );
    return inserted.length > 0;
  }

  async #load(em: EntityManager, scope: IdempotencyScope, key: string): Promise<RecordRow | undefined> {
    const [row] = await em.execute<RecordRow[]>(
      `select "fingerprint", "state", "response_status", "sealed_response",
              "locked_at" < now() - make_interval(secs => ?) as "abandoned"
         from "gateway"."idempotency_record" where ${WHERE_RECORD} and "expires_at" > now()`,
      [ABANDONED_AFTER_SECONDS, ...recordParams(scope, key)],
    );
    return row;
  }

  async #takeOver(em: EntityManager, scope: IdempotencyScope, key: string): Promise<boolean> {
    const taken = await em.execute<unknown[]>(
      `update "gateway"."idempotency_record" set "locked_at" = now()
        where ${WHERE_RECORD} and "state" = 'in_progress'
          and "locked_at" < now() - make_interval(secs => ?) returning "key"`,
      [...recordParams(scope, key), ABANDONED_AFTER_SECONDS],
    );
    return taken.length > 0;
  }

  #proceed(scope: IdempotencyScope, key: string): IdempotencyOutcome {
    const em = this.#orm.em.fork();
    return {
      kind: 'proceed',
      complete: async (response) => {
        const part: SealedPart = { headers: response.headers, body: response.body ?? null };
        await em.execute(
          `update "gateway"."idempotency_record"
              set "state" = 'completed', "response_status" = ?, "sealed_response" = ?
            where ${WHERE_RECORD}`,
          [response.status, this.#sealer.seal(JSON.stringify(part), associatedData(scope, key)), ...recordParams(scope, key)],
        );
      },
      // The operation did not happen (the service was unreachable or failed): free the key for a retry.
      release: async () => {
        await em.execute(`delete from "gateway"."idempotency_record" where ${WHERE_RECORD} and "state" = 'in_progress'`, recordParams(scope, key));
      },
    };
  }
}

export const pruneIdempotencyRecords = async (em: EntityManager): Promise<void> => {
  await em.execute(`delete from "gateway"."idempotency_record" where "expires_at" <= now()`);
};
