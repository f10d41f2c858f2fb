import type { MikroORM } from '@mikro-orm/postgresql';
import type { NatsConnection } from '@nats-io/transport-node';
import cookieParser from 'cookie-parser';
import express, { Router, type Express, type RequestHandler } from 'express';
import { Messages, ROUTES, type AnyRouteDefinition, type Environment } from '@sv/contracts';
import { NotFoundError, type Logger } from '@sv/platform';
import type { BlobStore } from '@sv/platform';
import type { IdempotencyService } from '../app/idempotency/idempotency.service.ts';
import type { ApiKeyLookup } from '../app/auth/authenticate-api-key.ts';
import type { CoalescedCounter } from '../app/rate-limit/coalesced-counter.ts';
import type { ResponseCache } from '../app/response-cache/response-cache.ts';
import { dispatchRoute } from './middleware/dispatch.ts';
import { validateAtEdge } from './middleware/edge-validation.ts';
import { resolveRoute } from './middleware/resolve-route.ts';
import { corsPolicy } from './middleware/cors-policy.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { noStoreWhenSensitive } from './middleware/sensitive-no-store.ts';
import { locals } from './locals.ts';
import type { PublicOriginLocals } from './next-link.ts';
import { errorHandler } from './error-handler.ts';
import { forward } from './forward.ts';
import { healthRoute } from './health-route.ts';
import { localHandlers } from './routes/index.ts';
import { identifyCaller, requireCaller } from './middleware/authenticate.ts';
import { idempotency } from './middleware/idempotency.ts';
import { jsonBody, jsonBodyLimitBytes } from './middleware/json-body.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import { requestContext } from './middleware/request-context.ts';
import { refuseUnsafeUrlText } from './middleware/url-text-safety.ts';
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
  /** The API's public origin (scheme, host, port), for links such as the next page's. */
  publicOrigin: () => string;
  /** Addresses or CIDR ranges whose X-Forwarded-For is believed; empty: none. */
  trustedProxies: readonly string[];
  /** Browser origins allowed cross-origin access with credentials; empty: none. */
  corsOrigins: readonly string[];
  rateLimitMultiplier: number;
  rateCounter: CoalescedCounter;
  apiKeys: ApiKeyLookup;
  sessions: LocalRouteDeps['sessions'];
  orm: MikroORM;
  nc: NatsConnection;
  blobs: BlobStore;
  idempotency: IdempotencyService;
  domainProof: LocalRouteDeps['domainProof'];
  /** Answers of cached reads (routes with `cached`). */
  responses: ResponseCache;
  logger: Logger;
}

const notFound: RequestHandler = () => {
  throw new NotFoundError(Messages.endpointNotFound, 'route.not_found');
};

/**
 * The edge, in order: request context, standard and security headers, CORS → the route, found
 * once (a sensitive one's answers never cached) → who is asking → rate limit (every response but
 * health) → version → health → 404 or a caller required → the route's handlers: body (JSON or
 * upload), guards, the registry's query, body and path checks, idempotency, then forward to the
 * owning service or answer here. Errors from any step meet one mapper.
 */
export const createGatewayApp = (deps: GatewayAppDeps): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustedProxies.length > 0 ? deps.trustedProxies : false);
  app.set('query parser', 'simple');
  (app.locals as PublicOriginLocals).publicOrigin = deps.publicOrigin;

  app.use(requestContext(deps.environment, deps.logger));
  app.use(securityHeaders());
  app.use(corsPolicy(deps.corsOrigins));

  const limit = rateLimit(deps.rateCounter, deps.rateLimitMultiplier);
  const api = Router();
  api.use(resolveRoute);
  api.use(noStoreWhenSensitive);
  api.use(identifyCaller(deps.orm, deps.sessions, deps.apiKeys));
  api.use(limit);
  api.use(versioning(`${deps.docsUrl}/openapi.json`));
  api.get('/health', healthRoute(deps.orm, deps.environment, deps.version));

  const keyed = idempotency(deps.idempotency);
  const bodyLimitBytes = jsonBodyLimitBytes(deps.nc.info?.max_payload ?? 1024 * 1024);
  const json = jsonBody(bodyLimitBytes);
  const forwardedChain = (entry: AnyRouteDefinition): RequestHandler[] => {
    const send = forward(entry, { nc: deps.nc, subjectPrefix: deps.subjectPrefix, timeoutMs: deps.serviceTimeoutMs, blobs: deps.blobs, responses: deps.responses });
    // A request its service would refuse on reading it stops here, before its key is claimed.
    const check = validateAtEdge(entry);
    const checked = check ? [check] : [];
    // Uploads are not keyed (docs/decisions.md): a key would compare the form fields, not the file.
    // An inline upload rides the forwarded request, so it is held to what a JSON body may be.
    if (entry.upload) return [...checked, acceptUpload(entry.upload, deps.blobs, { inlineMaxBytes: bodyLimitBytes }), send];
    return entry.idempotent ? [json, ...checked, keyed, send] : [json, ...checked, send];
  };

  // An unknown path is 404 whether or not the caller is authenticated.
  api.use((req, res, next) => (locals(res).route ? next() : notFound(req, res, next)));
  api.use(requireCaller);
  api.use(refuseUnsafeUrlText);

  // Every route's handlers, built once from the registry and dispatched by the route found
  // above: the gateway's own by their operation, other services' forwarded over NATS.
  // Read by any operation name: the registry's gateway routes include the health probe, answered above.
  const local: Partial<Record<string, readonly RequestHandler[]>> = localHandlers({ ...deps, json });
  const chains = new Map<AnyRouteDefinition, readonly RequestHandler[]>();
  for (const entry of ROUTES) {
    const chain = entry.service === 'gateway' ? local[entry.operation] : forwardedChain(entry);
    if (chain) chains.set(entry, chain);
    else if (entry.rate !== null) throw new Error(`no handler for the gateway's route ${entry.method} ${entry.path} (${entry.operation})`);
  }
  // Before dispatch: the session routes read the refresh cookie.
  api.use(cookieParser());
  api.use(dispatchRoute(chains));
  api.use(notFound);

  app.use(deps.basePath || '/', api);
  app.use(limit, notFound);
  app.use(errorHandler(deps.logger));
  return app;
};
