import { Messages } from '@sv/contracts';
import { DomainError, ValidationError } from '../errors/domain-errors.ts';

/** Why an image was refused; the caller turns it into the error of its own field and route. */
export type ImageRejection =
  /** The bytes show no format at all. */
  | { reason: 'unrecognised' }
  /** A recognisable format that is not one we take (a GIF, a PDF). */
  | { reason: 'type'; mime: string }
  | { reason: 'too_large'; width: number; height: number }
  | { reason: 'too_small'; width: number; height: number; minSide: number }
  /** Corrupt, truncated, or the decoder warned about its data. */
  | { reason: 'unreadable' };

export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  readonly rejection: ImageRejection;

  constructor(rejection: ImageRejection) {
    super(`image refused: ${rejection.reason}`);
    this.rejection = rejection;
  }
}

/** The 422 message for a refusal of an image in a format we take (or in none at all). */
export const imageRejectionMessage = (rejection: Exclude<ImageRejection, { reason: 'type' }>): string => {
  if (rejection.reason === 'too_large') return Messages.imageTooLarge(rejection.width, rejection.height);
  if (rejection.reason === 'too_small') return Messages.artworkTooSmall(rejection.width, rejection.height);
  return Messages.imageUnreadable;
};

/**
 * An uploaded image refused (spec, Other 422 causes): 415 for a recognisable type other than the
 * image types we take, 422 on `field` for anything else, bytes in no format at all included.
 */
export const uploadedImageRejectionError = (field: string, rejection: ImageRejection): DomainError =>
  rejection.reason === 'type'
    ? new DomainError('unsupported_media_type', Messages.fileTypeNotAllowed(rejection.mime, 'image'), { code: 'upload.type_not_allowed' })
    : new ValidationError({ [field]: [imageRejectionMessage(rejection)] });
