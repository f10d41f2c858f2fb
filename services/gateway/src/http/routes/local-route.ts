import type { MikroORM } from '@mikro-orm/postgresql';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RequestHandler } from 'express';
import type { Environment, GatewayRouteOperation } from '@sv/contracts';
import type { Logger } from '@sv/platform';
import type { BlobStore } from '@sv/platform';
import type { SessionSettings } from '../../app/sessions/sessions.service.ts';
import type { IdempotencyService } from '../../app/idempotency/idempotency.service.ts';
import type { DomainProof } from '../../app/tenants/domain-proof.ts';

/**
 * What the handlers of the gateway's own routes may use. Which paths those are (and whether they
 * are anonymous, their rate category, …) is declared in the route registry in packages/contracts.
 */
export interface LocalRouteDeps {
  environment: Environment;
  orm: MikroORM;
  nc: NatsConnection;
  /** For the few gateway routes that ask another service (the users routes ask the catalogue). */
  subjectPrefix: string;
  serviceTimeoutMs: number;
  blobs: BlobStore;
  logger: Logger;
  sessions: SessionSettings & { cookieSecure: boolean };
  /** The one store of idempotent responses (keyed writes of the gateway's own routes). */
  idempotency: IdempotencyService;
  /** Looks up the DNS proof of a claimed white-label domain. */
  domainProof: DomainProof;
  /** JSON body parser with the edge's size cap. */
  json: RequestHandler;
}

/** An operation of a route the gateway answers itself; the health probe is answered before dispatch. */
export type LocalOperation = Exclude<(typeof GatewayRouteOperation)[keyof typeof GatewayRouteOperation], typeof GatewayRouteOperation.health>;

/**
 * A route's handlers in the order they run (body parser, guards, idempotency, the answer), keyed
 * by the registry's operation: every spelling of a route (aliases) shares its operation's list.
 */
export type LocalHandlers = Partial<Record<LocalOperation, readonly RequestHandler[]>>;
