import type { MikroORM } from '@mikro-orm/postgresql';
import type { NatsConnection } from '@nats-io/transport-node';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { Router, type Express, type RequestHandler } from 'express';
import { Messages, type Environment } from '@sv/contracts';
import { NotFoundError, type Logger } from '@sv/platform';
import type { BlobStore } from '@sv/platform';
import type { IdempotencyService } from '../app/idempotency/idempotency.service.ts';
import { ROUTE_TABLE } from '../app/routing/route-table.ts';
import { errorHandler } from './error-handler.ts';
import { forward } from './forward.ts';
import { healthRoute } from './health-route.ts';
import { isAnonymousRoute, isKnownRoute } from './route-matcher.ts';
import { localRouters } from './routes/index.ts';
import { authenticate } from './middleware/authenticate.ts';
import { idempotency } from './middleware/idempotency.ts';
import { jsonBody, jsonBodyLimitBytes } from './middleware/json-body.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import { requestContext } from './middleware/request-context.ts';
import type { LocalRouteDeps } from './routes/local-route.ts';
import { acceptUpload } from './middleware/upload.ts';
import { versioning } from './middleware/versioning.ts';

export interface GatewayAppDeps {
  environment: Environment;
  version: string;
  basePath: string;
  docsUrl: string;
  subjectPrefix: string;
  serviceTimeoutMs: number;
  trustProxy: boolean;
  rateLimitMultiplier: number;
  sessions: LocalRouteDeps['sessions'];
  orm: MikroORM;
  nc: NatsConnection;
  blobs: BlobStore;
  idempotency: IdempotencyService;
  logger: Logger;
}

const notFound: RequestHandler = () => {
  throw new NotFoundError(Messages.endpointNotFound, 'route.not_found');
};

/**
 * The edge, in order: request context and standard headers → rate limit (every response but
 * health) → version → health → authentication → body (JSON or upload) → idempotency → the
 * route table, which forwards to the owning service. Errors from any step meet one mapper.
 */
export const createGatewayApp = (deps: GatewayAppDeps): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy);
  app.set('query parser', 'simple');

  app.use(requestContext(deps.environment, deps.logger));
  app.use(cors({ origin: true, credentials: true, maxAge: 600 }));

  const api = Router();
  api.use(rateLimit(deps.orm, deps.rateLimitMultiplier));
  api.use(versioning(`${deps.docsUrl}/openapi.json`));
  api.get('/health', healthRoute(deps.orm, deps.environment, deps.version));

  const keyed = idempotency(deps.idempotency);
  const json = jsonBody(jsonBodyLimitBytes(deps.nc.info?.max_payload ?? 1024 * 1024));

  // An unknown path is 404 whether or not the caller is authenticated.
  api.use((req, res, next) => (isKnownRoute(req.method, req.path) ? next() : notFound(req, res, next)));
  api.use(cookieParser());
  const requireCaller = authenticate(deps.orm, deps.sessions);
  api.use((req, res, next) => (isAnonymousRoute(req.method, req.path) ? next() : requireCaller(req, res, next)));

  api.use(localRouters({ ...deps, json }));
  for (const entry of ROUTE_TABLE) {
    const body: RequestHandler = entry.upload ? acceptUpload(entry.upload, deps.blobs) : json;
    const method = entry.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    api[method](entry.path, body, keyed, forward(entry, deps.nc, deps.subjectPrefix, deps.serviceTimeoutMs, deps.blobs));
  }
  api.use(notFound);

  app.use(deps.basePath || '/', api);
  app.use(rateLimit(deps.orm, deps.rateLimitMultiplier), notFound);
  app.use(errorHandler(deps.logger));
  return app;
};
