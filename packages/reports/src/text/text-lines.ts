import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { ReportFileError } from '../report-file-error.ts';

/** The lines one chunk of the file completed, in order, without their line breaks: line `first + i` (from 1, blank lines counted) is `lines[i]`. */
export interface TextLineBatch {
  first: number;
  lines: string[];
}

/** No line beyond 1 MiB characters: a file that is not a report cannot make one line hold the whole file in memory. */
export const LONGEST_LINE = 1024 * 1024;

/**
 * The lines of `source` as UTF-8 text, streamed a chunk at a time: only the lines of the chunk
 * being read are held. A byte order mark is dropped, `\r\n` ends a line as `\n` does, and a last
 * line without a break still counts. A line longer than `longest` characters refuses the file,
 * naming the line, before more of it is read (the lines before it are handed out first, so a
 * refusal of theirs still comes first). Stopping early (or a refusal) closes `source`.
 *
 * Batches rather than single lines: a file of a million lines would otherwise cost a million
 * promises here alone.
 */
export async function* textLineBatches(source: Readable, longest: number = LONGEST_LINE): AsyncGenerator<TextLineBatch> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let number = 0;
  let lines: string[] = [];
  let first = 1;
  const take = (text: string): void => {
    number += 1;
    const line = number === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    lines.push(line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line);
  };
  const handOut = (): TextLineBatch => {
    const batch = { first, lines };
    first = number + 1;
    lines = [];
    return batch;
  };
  const tooLong = (): ReportFileError => new ReportFileError({ line: number + 1 }, `is longer than ${longest} characters`);
  for await (const chunk of source) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      if (end - start > longest + 1) {
        if (lines.length > 0) yield handOut();
        throw tooLong();
      }
      take(pending.slice(start, end));
      start = end + 1;
    }
    pending = start === 0 ? pending : pending.slice(start);
    if (pending.length > longest + 1) {
      if (lines.length > 0) yield handOut();
      throw tooLong();
    }
    if (lines.length > 0) yield handOut();
  }
  pending += decoder.end();
  if (pending.length > longest + 1) throw tooLong();
  if (pending !== '') take(pending);
  if (lines.length > 0) yield handOut();
}
