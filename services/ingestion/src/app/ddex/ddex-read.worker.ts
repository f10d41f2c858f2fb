import { parentPort, workerData } from 'node:worker_threads';
import { readErnMessage } from '@sv/ddex';
import { findUnstorableDdexText } from './ddex-unstorable-text.ts';
import type { DdexReadOutcome } from './read-with-limit.ts';

/*
 * One message read in a thread of its own, so a pathological message is stopped by its time
 * limit (the thread is terminated) instead of holding the service's event loop. Text no service
 * can store is looked for first: the parser would refuse it without naming where it is.
 */
const { xml, maxBytes } = workerData as { xml: string; maxBytes: number };
const unstorable = findUnstorableDdexText(xml);
parentPort?.postMessage((unstorable ? { unstorable } : { read: readErnMessage(xml, { maxBytes }) }) satisfies DdexReadOutcome);
