/**
 * A fault in the item itself (its input cannot be processed, and never will be): the queue ends
 * the item failed at once with this message as its reason, without retrying. Every other error
 * (database, bus, network, time-out, or a bug) is taken as passing: retried with backoff until
 * the attempts run out, then the item is dead with its last error.
 */
export class DeterministicFault extends Error {
  override name = 'DeterministicFault';
}

/** The worker no longer holds the item's lease (it ran out and another worker claimed it): nothing it writes counts. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';

  constructor(queue: string, id: string) {
    super(`${queue}: the lease of ${id} was lost; another worker may hold it now`);
  }
}

/** The text an error leaves in the item's last error. */
export const faultText = (error: unknown): string => {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
};
