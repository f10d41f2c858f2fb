import type { MikroORM } from '@mikro-orm/postgresql';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RequestHandler } from 'express';
import type { Environment } from '@sv/contracts';
import type { Logger } from '@sv/platform';
import type { BlobStore } from '@sv/platform';
import type { RateCategory } from '../../app/rate-limit/rate-categories.ts';
import type { HttpMethod } from '../../app/routing/route-table.ts';
import type { SessionSettings } from '../../app/sessions/sessions.service.ts';

/**
 * A path the gateway answers itself (it owns users, sessions and tenants). Each feature's
 * routes file lists its paths here so that the edge knows them before routing: unknown paths
 * are 404, `anonymous` ones skip authentication, and `rate` picks the rate-limit category.
 */
export interface LocalRoute {
  method: HttpMethod;
  path: string;
  rate?: RateCategory;
  anonymous?: boolean;
}

/** What a feature router may use. */
export interface LocalRouteDeps {
  environment: Environment;
  orm: MikroORM;
  nc: NatsConnection;
  blobs: BlobStore;
  logger: Logger;
  sessions: SessionSettings & { cookieSecure: boolean };
  /** JSON body parser with the edge's size cap. */
  json: RequestHandler;
}
