import { Worker } from 'node:worker_threads';
import type { ErnReadResult } from '@sv/ddex';

export class DdexReadTimeoutError extends Error {
  override name = 'DdexReadTimeoutError';
}

const WORKER = new URL('./ddex-read.worker.ts', import.meta.url);

/** Reads (parses, validates, maps) a message in a worker thread, given up after `timeoutMs`. */
export const readErnWithLimit = (xml: string, maxBytes: number, timeoutMs: number): Promise<ErnReadResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { xml, maxBytes }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new DdexReadTimeoutError(`reading the message took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    worker.once('message', (result: ErnReadResult) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
