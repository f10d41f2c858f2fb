import { Messages } from '@sv/contracts';
import { ConflictError, NotFoundError } from '@sv/platform';

export class ArtistNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.artistNotFound, 'artist.not_found');
  }
}

export class ArtistSlugTakenError extends ConflictError {
  constructor() {
    super(Messages.artistSlugTaken, 'artist.slug_taken');
  }
}
