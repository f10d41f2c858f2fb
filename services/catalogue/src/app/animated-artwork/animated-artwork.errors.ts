import { Messages } from '@sv/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@sv/platform';

export class AnimatedArtworkNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.animatedArtworkNotFound, 'animated_artwork.not_found');
  }
}

export class UnknownAssetTypeError extends ValidationError {
  constructor(assetType: string) {
    super({ asset_type: [Messages.unknownAnimatedAssetType(assetType)] }, Messages.unknownAnimatedAssetType(assetType));
  }
}

/** Two uploads of one asset type raced and the other committed first: 409. */
export class AnimatedArtworkRaceError extends ConflictError {
  constructor() {
    super(Messages.duplicateRecord, 'animated_artwork.concurrent_upload');
  }
}
