import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { ReportFileError } from '../report-file-error.ts';

/** One line of a text file, without its line break. */
export interface TextLine {
  /** From 1; every line counts, blank or not. */
  number: number;
  text: string;
}

/** No line beyond 1 MiB characters: a file that is not a report cannot make one line hold the whole file in memory. */
export const LONGEST_LINE = 1024 * 1024;

/**
 * The lines of `source` as UTF-8 text, streamed: only the line being read is held. A byte order
 * mark is dropped, `\r\n` ends a line as `\n` does, and a last line without a break still counts.
 * A line longer than `longest` characters refuses the file, naming the line, before more of it is
 * read. Stopping early (or a refusal) closes `source`.
 */
export async function* textLines(source: Readable, longest: number = LONGEST_LINE): AsyncGenerator<TextLine> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let number = 0;
  const take = (text: string): TextLine => {
    number += 1;
    const line = number === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text;
    return { number, text: line.endsWith('\r') ? line.slice(0, -1) : line };
  };
  const tooLong = (): never => {
    throw new ReportFileError({ line: number + 1 }, `is longer than ${longest} characters`);
  };
  for await (const chunk of source) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      if (end - start > longest + 1) tooLong();
      yield take(pending.slice(start, end));
      start = end + 1;
    }
    pending = pending.slice(start);
    if (pending.length > longest + 1) tooLong();
  }
  pending += decoder.end();
  if (pending.length > longest + 1) tooLong();
  if (pending !== '') yield take(pending);
}
