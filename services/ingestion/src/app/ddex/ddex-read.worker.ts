import { parentPort, workerData } from 'node:worker_threads';
import { readErnMessage } from '@sv/ddex';

/*
 * One message read in a thread of its own, so a pathological message is stopped by its time
 * limit (the thread is terminated) instead of holding the service's event loop.
 */
const { xml, maxBytes } = workerData as { xml: string; maxBytes: number };
parentPort?.postMessage(readErnMessage(xml, { maxBytes }));
