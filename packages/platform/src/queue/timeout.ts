/** A promise that did not settle in time; `what` names the work in the message. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  readonly ms: number;

  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.ms = ms;
  }
}

/**
 * The kit's one time-out: settles as `promise` does, or rejects with a TimeoutError after `ms`.
 * The timer is cleared when the promise settles, so a finished wait keeps no process alive. The
 * work itself is not cancelled (a promise cannot be); pass it an AbortSignal for that.
 */
export const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
};
