import { Messages } from '@sv/contracts';
import { UNRECOGNISED_MIME, ValidationError, imageRejectionMessage, type ImageRejection } from '@sv/platform';

/** Every failure of a cover_art_url import is a 422 on that field (spec, Other 422 causes). */
export const coverArtError = (message: string): ValidationError => new ValidationError({ cover_art_url: [message] });

/** A URL's bytes in no image format are named as such: the URL may well serve a web page instead. */
export const coverArtRejectionError = (rejection: ImageRejection): ValidationError => {
  if (rejection.reason === 'type') return coverArtError(Messages.imageNotAnImage(rejection.mime));
  if (rejection.reason === 'unrecognised') return coverArtError(Messages.imageNotAnImage(UNRECOGNISED_MIME));
  return coverArtError(imageRejectionMessage(rejection));
};
