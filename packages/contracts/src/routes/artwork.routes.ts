import { AnimatedArtworkOperation } from '../animated-artwork.ts';
import { PresignArtworkBody } from '../artwork.ts';
import { ReleaseOperation } from '../releases.ts';
import { defineRoute } from './define-route.ts';
import { AnimatedAssetParams, UuidParams } from './requests/path-params.ts';
import { AnimatedArtworkListReply, AnimatedArtworkReply } from './responses/animated-artwork.ts';
import { ArtworkPresignReplySchema, ReleaseReply } from './responses/releases.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/** A release's cover (upload or presigned PUT) and its animated artwork. */
export const ARTWORK_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'POST',
    path: '/releases/:uuid/artwork',
    service: 'catalogue',
    operation: ReleaseOperation.artwork,
    summary: 'Upload the release cover (multipart field artwork): stored as JPEG; min 3000x3000 pixels.',
    request: { params: UuidParams },
    upload: { field: 'artwork', kind: 'image' },
    responses: { 200: { description: 'The release with its new artwork_url.', body: ReleaseReply } },
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/releases/:uuid/artwork/presign',
    service: 'catalogue',
    operation: ReleaseOperation.artworkPresign,
    edge: { gate: 'releases.update', absentBody: 'empty' },
    summary: 'Get an upload URL for the cover; PUT the file there, then set cover_art_url to the returned URL.',
    request: { params: UuidParams, body: PresignArtworkBody },
    sensitive: true,
    responses: { 200: { description: 'Where and how to PUT the file, and the cover_art_url to set.', body: ArtworkPresignReplySchema } },
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/releases/:uuid/animated-artwork/:asset_type',
    service: 'catalogue',
    operation: AnimatedArtworkOperation.upload,
    summary: 'Upload animated artwork of one type (MP4, MOV, WebM or GIF); it is validated asynchronously.',
    request: { params: AnimatedAssetParams },
    upload: { field: 'file', kind: 'animated' },
    responses: { 202: { description: 'The asset, processing; poll the GET until status leaves processing.', body: AnimatedArtworkReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/releases/:uuid/animated-artwork',
    service: 'catalogue',
    operation: AnimatedArtworkOperation.list,
    summary: "List the release's animated artwork: square, portrait, canvas.",
    request: { params: UuidParams },
    responses: { 200: { description: 'The live asset of each type that has one.', body: AnimatedArtworkListReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/releases/:uuid/animated-artwork/:asset_type',
    service: 'catalogue',
    operation: AnimatedArtworkOperation.get,
    summary: 'Get the animated artwork of one type, with its validation status and errors.',
    request: { params: AnimatedAssetParams },
    responses: { 200: { description: 'The asset.', body: AnimatedArtworkReply } },
    // 422: an asset type that is none of the three (nor an accepted spelling of one).
    errors: [422],
  }),
  defineRoute({
    method: 'DELETE',
    path: '/releases/:uuid/animated-artwork/:asset_type',
    service: 'catalogue',
    operation: AnimatedArtworkOperation.delete,
    summary: 'Delete the animated artwork of one type.',
    request: { params: AnimatedAssetParams },
    responses: { 204: { description: 'Deleted.' } },
    errors: [422],
  }),
];
