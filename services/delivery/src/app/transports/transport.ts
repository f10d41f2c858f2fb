import type { Readable } from 'node:stream';
import { DeterministicFault } from '@sv/platform';

/** One file of a bundle, read when it is uploaded (audio can be large: it is streamed). */
export interface BundleFile {
  /** Path inside the release folder, e.g. `resources/0860000000017_01_001.wav`. */
  name: string;
  size: number;
  open(): Promise<Readable>;
}

/**
 * What one delivery puts on a store's server, in the DDEX ERN SFTP choreography:
 * <batch>/<release folder>/resources/* first, then <batch>/<release folder>/<ERN>, then
 * <batch>/BatchComplete_<batch>.xml last, so the store never picks up a half-written batch.
 */
export interface Bundle {
  batchId: string;
  releaseFolder: string;
  ern: { name: string; xml: string };
  resources: BundleFile[];
  batchComplete: { name: string; content: string };
}

/** An acknowledgement file the store left for us. */
export interface AcknowledgementFile {
  name: string;
  content: Buffer;
}

/** Largest acknowledgement file read; anything bigger is not a store's acknowledgement. */
export const MAX_ACK_BYTES = 1_048_576;

/**
 * The store's endpoint refuses what is configured for it (its key unreadable or refused, or its
 * server not the pinned one): trying again changes nothing until the configuration is fixed.
 */
export class StoreAccessRefused extends DeterministicFault {
  override name = 'StoreAccessRefused';
}

/** A connection to one store's endpoint for one piece of work; always closed afterwards. */
export interface StoreSession {
  /** Puts the bundle on the store's server; stops (rejecting) soon after `signal` is aborted. */
  send(bundle: Bundle, signal?: AbortSignal): Promise<void>;
  /** ACK_*.xml files waiting in the store's acknowledgement folder (`<root>/acks`). */
  acknowledgements(): Promise<AcknowledgementFile[]>;
  /** Moves a processed acknowledgement to `<root>/acks/processed`, so it is read once. */
  archiveAcknowledgement(name: string): Promise<void>;
  close(): Promise<void>;
}

export const ACK_FILE = /^ACK_[A-Za-z0-9_.-]+\.xml$/;

/** Temporary name of a file while it uploads; renamed to its real name once complete. */
export const uploadingName = (name: string): string => `${name}.uploading`;
