import { CatalogueOperation, CreateArtistBody, UpdateArtistBody } from '../artists.ts';
import { Messages } from '../messages.ts';
import { defineRoute } from './define-route.ts';
import type { OperationOf } from './operations/service-operations.ts';
import { ListArtistsQuery } from './requests/list-queries.ts';
import { UuidParams } from './requests/path-params.ts';
import { ArtistListReply, ArtistReply } from './responses/artists.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

const artistImage = (slot: 'avatar' | 'banner', operation: OperationOf<'catalogue'>) =>
  defineRoute({
    method: 'POST',
    path: `/artists/:uuid/${slot}`,
    service: 'catalogue',
    operation,
    summary: `Upload the artist's ${slot} image (multipart field ${slot}).`,
    request: { params: UuidParams },
    upload: { field: slot, kind: 'image' },
    responses: { 200: { description: `The artist with its new ${slot}_url.`, body: ArtistReply } },
  });

export const ARTIST_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/artists',
    service: 'catalogue',
    operation: CatalogueOperation.artistsList,
    edge: { gate: 'anyone' },
    cached: true,
    summary: "List the tenant's artists, ordered alphabetically.",
    request: { query: ListArtistsQuery },
    responses: { 200: { description: 'A page of artists with total and meta.', body: ArtistListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'POST',
    path: '/artists',
    service: 'catalogue',
    operation: CatalogueOperation.artistsCreate,
    edge: { gate: 'artists.manage' },
    summary: 'Create an artist (name and slug required).',
    request: { body: CreateArtistBody },
    responses: { 201: { description: 'The artist created.', body: ArtistReply } },
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/artists/:uuid',
    service: 'catalogue',
    operation: CatalogueOperation.artistsGet,
    edge: { gate: 'anyone', notFound: Messages.artistNotFound },
    cached: true,
    summary: 'Get an artist.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The artist.', body: ArtistReply } },
  }),
  ...(['PATCH', 'PUT'] as const).map((method) =>
    defineRoute({
      method,
      path: '/artists/:uuid',
      service: 'catalogue',
      operation: CatalogueOperation.artistsUpdate,
      edge: { gate: 'artists.manage', absentBody: 'empty', notFound: Messages.artistNotFound },
      summary: 'Update an artist; only the fields sent change.',
      request: { params: UuidParams, body: UpdateArtistBody },
      responses: { 200: { description: 'The artist as updated.', body: ArtistReply } },
      errors: [409],
    }),
  ),
  defineRoute({
    method: 'DELETE',
    path: '/artists/:uuid',
    service: 'catalogue',
    operation: CatalogueOperation.artistsDelete,
    edge: { gate: 'artists.manage', notFound: Messages.artistNotFound },
    summary: 'Delete an artist (soft delete).',
    request: { params: UuidParams },
    responses: { 204: { description: 'Deleted.' } },
  }),
  artistImage('avatar', CatalogueOperation.artistsAvatar),
  artistImage('banner', CatalogueOperation.artistsBanner),
];
