import type pg from 'pg';
import { startCatalogueWorld, suffix, useWorld, type Api, type CatalogueWorld } from './catalogue-world.ts';
import { postRelease, postTrack } from './release-builders.ts';

/*
 * The world of the credits, rights and localizations tests: two tenants. Tenant A has an owner
 * key, two artists (nova, luna) and an artist key for each; tenant B has an owner key and an
 * artist key, for isolation.
 */

export type { Api } from './catalogue-world.ts';

export interface CreditsWorld extends CatalogueWorld {
  a: { owner: Api; nova: Api; luna: Api; novaId: string; lunaId: string };
  b: { owner: Api; artist: Api; artistId: string };
}

export const startCreditsWorld = async (): Promise<CreditsWorld> => {
  const world = await startCatalogueWorld();
  await Promise.all([world.tenant('cr-a', 'Label A'), world.tenant('cr-b', 'Label B')]);
  const [novaId, lunaId, bArtistId] = await Promise.all([
    world.artist('cr-a', 'nova'),
    world.artist('cr-a', 'luna'),
    world.artist('cr-b', 'bee'),
  ]);
  const [aOwner, nova, luna, bOwner, bArtist] = await Promise.all([
    world.key('cr-a', 'owner'),
    world.key('cr-a', 'artist', '--artist', novaId),
    world.key('cr-a', 'artist', '--artist', lunaId),
    world.key('cr-b', 'owner'),
    world.key('cr-b', 'artist', '--artist', bArtistId),
  ]);
  return {
    ...world,
    a: { owner: aOwner, nova, luna, novaId, lunaId },
    b: { owner: bOwner, artist: bArtist, artistId: bArtistId },
  };
};

/** The credits world of this test file, started before its tests and stopped after them. */
export const useCreditsWorld = (): CreditsWorld => useWorld(startCreditsWorld);

/** A draft release made by an artist key, through the API. */
export const createRelease = async (api: Api, title = `Release ${suffix()}`): Promise<string> =>
  String((await postRelease(api, { title, type: 'single', release_date: '2026-06-01', genre: 'Electronic' })).uuid);

/** A track of a draft release, through the API. */
export const createTrack = async (api: Api, releaseId: string, position = 1): Promise<string> =>
  String((await postTrack(api, releaseId, { title: `Track ${position}`, position, explicit: false })).uuid);

/** A writer, publisher or collaborator (`path` is its plural), through the API. */
export const createParty = async (api: Api, path: string, body: Record<string, unknown>): Promise<Record<string, any>> => {
  const response = await api(`/v1/${path}`, { method: 'POST', body });
  if (response.status !== 201) throw new Error(`${path} create failed: ${response.status} ${response.text}`);
  return response.body[path.slice(0, -1)];
};

/**
 * Moves a release to a review or delivery state. Getting there through the API needs store
 * selection and QC, which these tests are not about; the state is only their precondition.
 */
export const setReleaseStatus = async (db: pg.Client, releaseId: string, status: string): Promise<void> => {
  await db.query(`update "catalogue"."release" set "status" = $2 where "id" = $1`, [releaseId, status]);
};
