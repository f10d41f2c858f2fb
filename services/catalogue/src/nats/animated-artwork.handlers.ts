import { AnimatedArtworkOperation } from '@sv/contracts';
import { ValidationError, accepted, assertCan, noContent, ok, ownerUrls, type OperationTable } from '@sv/platform';
import type { CatalogueContext } from '../catalogue-context.ts';
import { presentAnimatedArtwork } from '../app/animated-artwork/animated-artwork.presenter.ts';
import {
  deleteAnimatedArtwork,
  getAnimatedArtwork,
  listAnimatedArtwork,
  receiveAnimatedArtwork,
} from '../app/animated-artwork/animated-artwork.service.ts';

/** The multipart field of the upload (the route table's). */
const FILE_FIELD = 'file';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const animatedArtworkOperations = ({ orm, blobs, config }: CatalogueContext): OperationTable => {
  const urlOf = ownerUrls(blobs, () => config.mediaUrlTtlSeconds);
  return {
    [AnimatedArtworkOperation.upload]: async (request) => {
      assertCan(request.principal, 'releases.update');
      const file = request.files.find((candidate) => candidate.field === FILE_FIELD);
      if (!file) throw new ValidationError({ [FILE_FIELD]: ['The file field is required.'] });
      const asset = await receiveAnimatedArtwork(
        orm.em.fork(),
        request.principal,
        request.params.uuid ?? '',
        request.params.asset_type ?? '',
        file,
      );
      return accepted({ animated_artwork: await presentAnimatedArtwork(asset, urlOf) });
    },
    [AnimatedArtworkOperation.list]: async (request) => {
      const assets = await listAnimatedArtwork(orm.em.fork(), request.principal, request.params.uuid ?? '');
      return ok({ animated_artwork: await Promise.all(assets.map((asset) => presentAnimatedArtwork(asset, urlOf))) });
    },
    [AnimatedArtworkOperation.get]: async (request) => {
      const asset = await getAnimatedArtwork(orm.em.fork(), request.principal, request.params.uuid ?? '', request.params.asset_type ?? '');
      return ok({ animated_artwork: await presentAnimatedArtwork(asset, urlOf) });
    },
    [AnimatedArtworkOperation.delete]: async (request) => {
      assertCan(request.principal, 'releases.update');
      await deleteAnimatedArtwork(orm.em.fork(), request.principal, request.params.uuid ?? '', request.params.asset_type ?? '');
      return noContent();
    },
  };
};
