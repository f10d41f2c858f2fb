import { Messages } from '@sv/contracts';
import { DomainError, ValidationError } from '@sv/platform';
import type { ImageRejection } from './image-pipeline.ts';

const rejectionMessage = (rejection: Exclude<ImageRejection, { reason: 'type' }>): string => {
  if (rejection.reason === 'too_large') return Messages.imageTooLarge(rejection.width, rejection.height);
  if (rejection.reason === 'too_small') return Messages.artworkTooSmall(rejection.width, rejection.height);
  return Messages.imageUnreadable;
};

/** An uploaded file refused: 415 for a type other than an image (by its bytes), else 422 on its field. */
export const uploadRejectionError = (field: string, rejection: ImageRejection): DomainError =>
  rejection.reason === 'type'
    ? new DomainError('unsupported_media_type', Messages.fileTypeNotAllowed(rejection.mime, 'image'), { code: 'upload.type_not_allowed' })
    : new ValidationError({ [field]: [rejectionMessage(rejection)] });

/** Every failure of a cover_art_url import is a 422 on that field (spec, Other 422 causes). */
export const coverArtError = (message: string): ValidationError => new ValidationError({ cover_art_url: [message] });

export const coverArtRejectionError = (rejection: ImageRejection): ValidationError =>
  coverArtError(rejection.reason === 'type' ? Messages.imageNotAnImage(rejection.mime) : rejectionMessage(rejection));
