import { Worker } from 'node:worker_threads';
import type { ErnReadResult } from '@sv/ddex';
import type { UnstorableDdexText } from './ddex-unstorable-text.ts';

export class DdexReadTimeoutError extends Error {
  override name = 'DdexReadTimeoutError';
}

/** The message read, or the text in it that no service can store (then it was not read). */
export type DdexReadOutcome = { read: ErnReadResult } | { unstorable: UnstorableDdexText };

const WORKER = new URL('./ddex-read.worker.ts', import.meta.url);

/** Checks the text of, then reads (parses, validates, maps) a message in a worker thread, given up after `timeoutMs`. */
export const readErnWithLimit = (xml: string, maxBytes: number, timeoutMs: number): Promise<DdexReadOutcome> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { xml, maxBytes }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new DdexReadTimeoutError(`reading the message took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    worker.once('message', (result: DdexReadOutcome) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
