import type { CatalogueContext } from '../catalogue-context.ts';
import { CatalogueOperation, CreateArtistBody, ListArtistsQuery, UpdateArtistBody } from '@sv/contracts';
import { ValidationError, assertCan, created, noContent, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { presentArtist } from '../app/artists/artist.presenter.ts';
import { createArtist, deleteArtist, findVisibleArtist, listArtists, updateArtist } from '../app/artists/artists.service.ts';
import { uploadArtistImage, type ArtistImageSlot } from '../app/artwork/artist-image.service.ts';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const artistOperations = (context: CatalogueContext): OperationTable => {
  const { orm } = context;
  const imageUpload = (slot: ArtistImageSlot) => async (request: Parameters<OperationTable[string]>[0]) => {
    const file = request.files.find((candidate) => candidate.field === slot);
    assertCan(request.principal, 'artists.manage');
    if (!file) throw new ValidationError({ [slot]: [`The ${slot} file is required.`] });
    const artist = await uploadArtistImage(context, orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '', slot, file);
    return ok({ artist: presentArtist(artist) });
  };

  return {
    [CatalogueOperation.artistsList]: async (request) => {
      const query = parseOrThrow(ListArtistsQuery, request.query);
      const page = await listArtists(orm.em.fork(), request.principal, query);
      return ok({ artists: page.artists.map(presentArtist), total: page.total, meta: page.meta });
    },
    [CatalogueOperation.artistsCreate]: async (request) => {
      assertCan(request.principal, 'artists.manage');
      const body = parseOrThrow(CreateArtistBody, request.body);
      const artist = await createArtist(orm.em.fork(), request.principal.tenant_id, body);
      return created({ artist: presentArtist(artist) });
    },
    [CatalogueOperation.artistsGet]: async (request) => {
      const artist = await findVisibleArtist(orm.em.fork(), request.principal, request.params.uuid ?? '');
      return ok({ artist: presentArtist(artist) });
    },
    [CatalogueOperation.artistsUpdate]: async (request) => {
      assertCan(request.principal, 'artists.manage');
      const body = parseOrThrow(UpdateArtistBody, request.body ?? {});
      const artist = await updateArtist(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '', body);
      return ok({ artist: presentArtist(artist) });
    },
    [CatalogueOperation.artistsDelete]: async (request) => {
      assertCan(request.principal, 'artists.manage');
      await deleteArtist(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
      return noContent();
    },
    [CatalogueOperation.artistsAvatar]: imageUpload('avatar'),
    [CatalogueOperation.artistsBanner]: imageUpload('banner'),
  };
};
