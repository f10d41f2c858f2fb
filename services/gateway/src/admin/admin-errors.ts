import { DomainError } from '@sv/platform';

/** One line for the operator: a domain error with its fields named as the flags that carry them. */
export const describeAdminError = (error: unknown): string => {
  if (error instanceof DomainError && error.fields && Object.keys(error.fields).length > 0) {
    const details = Object.entries(error.fields).map(([field, messages]) => `--${field}: ${messages.join(' ')}`);
    return `${error.message}: ${details.join('; ')}`;
  }
  return error instanceof Error ? error.message : String(error);
};
