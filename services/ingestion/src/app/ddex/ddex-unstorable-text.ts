import { decodeCharacterReferences, findDocumentTexts } from '@sv/ddex';
// The text check alone, not the whole kit: this runs in the message's worker thread, which would
// otherwise load the ORM, NATS and S3 clients for every message read.
import { isUnstorableText, unstorableTextProblem } from '@sv/platform/text';

/** A message full of NULs gets a bounded answer, not one entry per text. */
const MAX_REPORTED_TEXTS = 20;

export const ddexUnstorableText = (problem: string): string => `The text holds ${problem}, which cannot be stored.`;

export const ddexHoldsUnstorableText = (path: string, problem: string): string =>
  `The DDEX message holds ${problem} in ${path}; such text cannot be stored. See validation_errors.`;

/** The job's failure: its message names the first place; `errors` has every one (bounded) at its element path. */
export interface UnstorableDdexText {
  message: string;
  errors: Record<string, string[]>;
}

/**
 * NUL or a lone surrogate in a message's text or attribute values, written as the character or
 * as a character reference (`&#0;`, `&#xD800;`). XML forbids both, so the parser would refuse the
 * message without naming an element; this names each one. The whole text is looked at once, and
 * the markup scanned only when something is there.
 */
export const findUnstorableDdexText = (xml: string): UnstorableDdexText | undefined => {
  if (!isUnstorableText(decodeCharacterReferences(xml))) return undefined;
  const found = findDocumentTexts(xml, isUnstorableText, MAX_REPORTED_TEXTS);
  const [first] = found;
  if (!first) return undefined;
  const errors: Record<string, string[]> = {};
  for (const { path, line, text } of found) (errors[path] ??= []).push(`line ${line}: ${ddexUnstorableText(unstorableTextProblem(text)!)}`);
  return { message: ddexHoldsUnstorableText(first.path, unstorableTextProblem(first.text)!), errors };
};
