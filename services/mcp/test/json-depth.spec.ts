import { nestsDeeperThan } from '../src/http/json-depth.ts';

/* The nesting of a JSON body, judged from its text before it is parsed. */

const deeper = (text: string, maxDepth: number): boolean => nestsDeeperThan(text.length, (index) => text.charCodeAt(index), maxDepth);
const bytesDeeper = (text: string, maxDepth: number): boolean => {
  const bytes = Buffer.from(text, 'utf8');
  return nestsDeeperThan(bytes.length, (index) => bytes[index] ?? 0, maxDepth);
};
const nested = (levels: number): string => '{"a":'.repeat(levels - 1) + '[1]' + '}'.repeat(levels - 1);

describe('nestsDeeperThan', () => {
  it('counts objects and arrays alike, up to the limit and one past it', () => {
    expect(JSON.parse(nested(3))).toEqual({ a: { a: [1] } });
    expect(deeper(nested(3), 3)).toBe(false);
    expect(deeper(nested(4), 3)).toBe(true);
    expect(deeper('[[[]],[[]],{"a":[]}]', 3)).toBe(false);
    expect(deeper('[[[]],[[]],{"a":[{}]}]', 3)).toBe(true);
    expect(deeper('[[[]],[[[]]]]', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(deeper(JSON.stringify({ text: '[[[[{{{{', quoted: '"[[[[\\"{{{{' }), 1)).toBe(false);
    expect(deeper(JSON.stringify({ a: '\\' }) + '', 1)).toBe(false);
    expect(deeper(JSON.stringify(['\\"', ['[']]), 1)).toBe(true);
  });

  it('reads UTF-8 bytes: multi-byte characters never look like brackets', () => {
    const text = JSON.stringify({ title: '≻≻{[ Ǻ 日本 😀', nested: [[1]] });
    expect(bytesDeeper(text, 3)).toBe(false);
    expect(bytesDeeper(text, 2)).toBe(true);
  });

  it('judges 100,000 levels without a stack', () => {
    expect(deeper('['.repeat(100_000) + ']'.repeat(100_000), 64)).toBe(true);
  });
});
