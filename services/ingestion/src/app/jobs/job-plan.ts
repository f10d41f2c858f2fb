import type { ReleaseImportBody, TerritoriesBody } from '@sv/contracts';
import type { MediaResolver } from '../media/media-resolver.ts';
import type { PlannedMedia } from '../media/planned-media.ts';

/** One release a job imports, under its path in the submission (`releases[3]`, `row 14`, an XML element). */
export interface PlannedItem {
  path: string;
  body: ReleaseImportBody;
  /** Where the release is offered, when the submission says (DDEX deals): set in the supply-chain after the import. */
  territories?: TerritoriesBody;
  /** Audio and cover art the submission names, attached once the release is imported. */
  media?: PlannedMedia;
  /** Places a refusal's field errors (`tracks.1.isrc`) in the submission's own terms; under `path` otherwise. */
  errorsAt?: (fields: Record<string, string[]>) => Record<string, string[]>;
  /** What the submission said that is imported other than as written; the job shows them once the item is imported. */
  warnings?: string[];
}

/** A release a message asks to take down (a takedown or purge message), named by its UPC. */
export interface PlannedTakedown {
  path: string;
  upc: string;
}

/**
 * What validating a job's input gives: the items to import, and the errors of the items that
 * will not be (each counted as failed). `total` is every item the submission held.
 */
export interface JobPlan {
  items: PlannedItem[];
  /** Releases to take down rather than import (DDEX takedowns). */
  takedowns?: PlannedTakedown[];
  errors: Record<string, string[]>;
  failed: number;
  total: number;
  /** Where the files items name are found (an SFTP delivery's); without it, named files are not looked for. */
  resolveMedia?: MediaResolver;
}

/** A submission that cannot be read at all: the job fails as a whole with this message. */
export class UnreadableSubmissionError extends Error {
  override name = 'UnreadableSubmissionError';
  readonly errors: Record<string, string[]>;

  constructor(message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.errors = errors;
  }
}
