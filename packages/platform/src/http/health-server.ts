import type { Server } from 'node:http';
import { DEFAULT_PROBE_HOST } from '../config/base-config.ts';
import { createKeepAliveServer } from './keep-alive-server.ts';
import { enableRuntimeMetrics, scrapeMetrics } from '../metrics/registry.ts';

export interface HealthCheck {
  ok: boolean;
  [detail: string]: unknown;
}

/**
 * A bare HTTP listener for services that have no HTTP edge of their own: `/health/live`
 * answers while the process runs, `/health/ready` (and `/health`) only when every check passes.
 * Kubernetes probes use these; Prometheus scrapes `/metrics` here. The port is the cluster's,
 * never the public edge's, and it has no authentication: it binds to `host` only (SV_PROBE_HOST,
 * loopback unless a deployment names the pod's own address).
 */
export const startHealthServer = async (
  port: number,
  checks: () => Promise<Record<string, HealthCheck>>,
  host: string = DEFAULT_PROBE_HOST,
): Promise<Server> => {
  enableRuntimeMetrics();
  const server = createKeepAliveServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') {
      scrapeMetrics().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        // A collector failed (its database unreachable): the next scrape tries again.
        (error: unknown) => res.writeHead(503, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}`),
      );
      return;
    }
    if (req.method !== 'GET' || !['/health', '/health/live', '/health/ready'].includes(path ?? '')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    if (path === '/health/live') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    checks().then(
      (results) => {
        const ok = Object.values(results).every((check) => check.ok);
        res
          .writeHead(ok ? 200 : 503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: ok ? 'ok' : 'degraded', checks: results }));
      },
      (error: unknown) => {
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'degraded', error: String(error) }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
};
