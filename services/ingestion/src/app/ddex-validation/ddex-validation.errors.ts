import { DDEX_VALIDATE_FIELD, Messages } from '@sv/contracts';
import { DomainError, ValidationError } from '@sv/platform';

/** Not XML, or XML whose root is not an ERN message of a supported version: nothing to report on. */
export const notAnErnMessage = (): ValidationError => new ValidationError({ [DDEX_VALIDATE_FIELD]: [Messages.notDdex] }, Messages.notDdex);

/** Larger than a DDEX upload may be. */
export const ernMessageTooLarge = (maxMegabytes: number): DomainError =>
  new DomainError('payload_too_large', Messages.fileTooLarge(maxMegabytes), { code: 'ddex_validate.too_large' });
