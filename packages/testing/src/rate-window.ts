/** The gateway's rate windows: fixed, aligned to wall-clock minutes. */
const RATE_WINDOW_MS = 60_000;

/**
 * A test that counts requests must not straddle a window boundary (it would get two budgets), so
 * it starts only with at least `marginMs` of the current window left, else in the next one.
 */
export const awaitRoomInRateWindow = async (marginMs = 15_000): Promise<void> => {
  const left = RATE_WINDOW_MS - (Date.now() % RATE_WINDOW_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 500));
};
