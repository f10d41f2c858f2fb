import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';

/*
 * The set-up every catalogue end-to-end test file shares: one platform per file, a database
 * connection to read what the catalogue stored, and the operator command to make tenants,
 * artists and API keys.
 */

export type Api = ReturnType<typeof apiClient>;

export interface CatalogueWorld {
  platform: TestPlatform;
  db: pg.Client;
  /** Runs the operator command and answers its JSON; a failure fails the set-up. */
  admin(...args: string[]): Promise<Record<string, any>>;
  /** A new tenant; answers its uuid. */
  tenant(slug: string, name?: string): Promise<string>;
  /** A new artist of a tenant; answers its uuid. */
  artist(tenant: string, slug: string, name?: string): Promise<string>;
  /** An API client with a new key of a tenant (extra: `--roster`, `--artist <uuid>`). */
  key(tenant: string, role: string, ...extra: string[]): Promise<Api>;
  stop(): Promise<void>;
}

export const suffix = (): string => randomBytes(3).toString('hex');

export const startCatalogueWorld = async (options?: Parameters<typeof startPlatform>[0]): Promise<CatalogueWorld> => {
  const platform = await startPlatform(options);
  const db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
  return {
    platform,
    db,
    admin: (...args) => platform.adminOk(...args),
    tenant: async (slug, name = `Label ${slug}`) => String((await platform.adminOk('tenant', 'create', '--slug', slug, '--name', name)).tenant.uuid),
    artist: async (tenant, slug, name = slug) =>
      String((await platform.adminOk('artist', 'create', '--tenant', tenant, '--name', name, '--slug', slug)).artist.uuid),
    key: async (tenant, role, ...extra) =>
      apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', tenant, '--role', role, ...extra)).key)),
    async stop() {
      await db.end();
      await platform.stop();
    },
  };
};

/**
 * The world of this test file: started before its tests and stopped after them. The object is
 * filled in by the first beforeAll, so read its fields inside hooks and tests only.
 */
export const useWorld = <W extends CatalogueWorld>(start: () => Promise<W>): W => {
  const world = {} as W;
  beforeAll(async () => {
    Object.assign(world, await start());
  }, 120_000);
  afterAll(() => world.stop?.(), 180_000);
  return world;
};

/** useWorld of a plain catalogue world. */
export const useCatalogueWorld = (options?: Parameters<typeof startPlatform>[0]): CatalogueWorld =>
  useWorld(() => startCatalogueWorld(options));
