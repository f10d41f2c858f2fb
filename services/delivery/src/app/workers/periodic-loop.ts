import type { Logger } from 'pino';

export interface PeriodicLoop {
  /** Runs the next tick now instead of at the end of the wait (work was just queued). */
  wake(): void;
  /** Stops after the tick in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `tick` every `intervalMs` until stopped, one tick at a time. A failing tick is logged and
 * the loop goes on: all state is in Postgres, so the next tick picks up where this one failed.
 */
export const startPeriodicLoop = (name: string, intervalMs: number, tick: () => Promise<void>, logger: Logger): PeriodicLoop => {
  let stopping = false;
  let woken = false;
  let wakeSleep: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, intervalMs);
      wakeSleep = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopping) {
      woken = false;
      try {
        await tick();
      } catch (error) {
        logger.error({ err: error, worker: name }, `${name} tick failed; trying again next tick`);
      }
      if (!stopping && !woken) await sleep();
    }
  })();
  return {
    wake() {
      woken = true;
      wakeSleep?.();
    },
    async stop() {
      stopping = true;
      wakeSleep?.();
      await loop;
    },
  };
};
