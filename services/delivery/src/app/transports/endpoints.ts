import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '@sv/platform';

/*
 * Where each store's bundles go. A deployment names a default endpoint (environment) and, in a
 * JSON file, any store with its own (SV_DELIVERY_ENDPOINTS_FILE). With the default endpoint
 * every store gets its own folder under the root: <root>/<slug>/.
 */

export interface SftpEndpoint {
  transport: 'sftp';
  host: string;
  port: number;
  username: string;
  privateKeyFile: string;
  /** `SHA256:<base64>` of the server's host key; null accepts any key (development only). */
  hostKey: string | null;
  root: string;
}

export interface DirectoryEndpoint {
  transport: 'directory';
  root: string;
}

export type Endpoint = SftpEndpoint | DirectoryEndpoint;

export interface EndpointSettings {
  /** Stores without an endpoint of their own deliver here, each into <root>/<slug>. */
  fallback: Endpoint;
  /** Stores with their own endpoint; its root is the store's own folder. */
  stores: Record<string, Endpoint>;
}

const StoreEndpoint = z.discriminatedUnion('transport', [
  z.object({
    transport: z.literal('sftp'),
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535).default(22),
    username: z.string().min(1),
    private_key_file: z.string().min(1),
    host_key: z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}=?$/).nullable().default(null),
    root: z.string().min(1).default('/'),
  }),
  z.object({ transport: z.literal('directory'), root: z.string().min(1) }),
]);

const EndpointsFile = z.record(z.string().regex(/^[a-z0-9_]+$/), StoreEndpoint);

/** Reads and checks the endpoints file once, at start-up. */
export const readEndpointsFile = (path: string): Record<string, Endpoint> => {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  SV_DELIVERY_ENDPOINTS_FILE: ${path} is not readable JSON (${(error as Error).message})`);
  }
  const parsed = EndpointsFile.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `SV_DELIVERY_ENDPOINTS_FILE ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return Object.fromEntries(
    Object.entries(parsed.data).map(([slug, endpoint]): [string, Endpoint] => [
      slug,
      endpoint.transport === 'sftp'
        ? {
            transport: 'sftp',
            host: endpoint.host,
            port: endpoint.port,
            username: endpoint.username,
            privateKeyFile: endpoint.private_key_file,
            hostKey: endpoint.host_key,
            root: endpoint.root,
          }
        : { transport: 'directory', root: endpoint.root },
    ]),
  );
};

const joinPath = (root: string, name: string): string => `${root.replace(/\/+$/, '')}/${name}`;

/** The endpoint of one store, with its root narrowed to the store's own folder. */
export const endpointOf = (settings: EndpointSettings, slug: string): Endpoint => {
  const own = settings.stores[slug];
  if (own) return own;
  return { ...settings.fallback, root: joinPath(settings.fallback.root, slug) };
};
