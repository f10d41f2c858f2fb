import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';
import type { Api } from './royalties-world.ts';

/** A sandbox platform (SV_ENV=sandbox) with royalties: one tenant with an owner key and an artist key. */
export interface FinanceSandboxWorld {
  platform: TestPlatform;
  owner: Api;
  artist: Api;
  artistId: string;
}

export const useFinanceSandboxWorld = (): FinanceSandboxWorld => {
  const world = {} as FinanceSandboxWorld;
  beforeAll(async () => {
    const platform = await startPlatform({ environment: 'sandbox', royalties: true });
    try {
      const env = ['--env', 'sandbox'];
      await platform.adminOk('tenant', 'create', '--slug', 'fin-sb', '--name', 'Finance sandbox', ...env);
      const artist = await platform.adminOk('artist', 'create', '--tenant', 'fin-sb', '--name', 'Sandy', '--slug', 'sandy', ...env);
      const artistId = String((artist.artist as { uuid: string }).uuid);
      const key = async (...flags: string[]) => apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', 'fin-sb', ...flags, ...env)).key));
      Object.assign(world, { platform, owner: await key('--role', 'owner'), artist: await key('--role', 'artist', '--artist', artistId), artistId });
    } catch (error) {
      await platform.stop();
      throw error;
    }
  }, 120_000);
  afterAll(async () => {
    await world.platform?.stop();
  }, 120_000);
  return world;
};
