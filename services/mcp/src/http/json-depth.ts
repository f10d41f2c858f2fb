const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when JSON text nests objects and arrays more than `maxDepth` levels deep, judged from
 * the raw text with a counter, before anything parses or walks it: no depth can exhaust a
 * stack here. Brackets inside strings do not count. Malformed text is not judged (the parser
 * refuses it next). `codeAt` reads UTF-8 bytes as well as UTF-16 code units: in either, every
 * byte or unit of a non-ASCII character lies outside ASCII, so none reads as a bracket or quote.
 */
export const nestsDeeperThan = (length: number, codeAt: (index: number) => number, maxDepth: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < length; index++) {
    const code = codeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
};
