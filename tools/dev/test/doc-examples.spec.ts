import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@sv/testing';
import { documentationFiles, extractBlocks, fenceProblems, runFile } from '../src/doc-examples.ts';

const FENCE = '```';

describe('extractBlocks', () => {
  const markdown = [
    '# Guide',
    '',
    `${FENCE}sh run`,
    'A=1',
    `${FENCE}`,
    '',
    '<!-- not run: it starts a second platform -->',
    '',
    `${FENCE}sh`,
    'npm start',
    `${FENCE}`,
    `${FENCE}text`,
    'admin key create --tenant SLUG',
    `${FENCE}`,
    '````md',
    `${FENCE}sh run`,
    'echo inside an outer fence',
    `${FENCE}`,
    '````',
    '- a list item:',
    `  ${FENCE}sh run`,
    '  echo indented',
    `  ${FENCE}`,
    'Inline ```sh run``` is no fence.',
    `${FENCE}bash   run  `,
    'echo bash',
    `${FENCE}`,
  ].join('\n');

  const blocks = extractBlocks(markdown);

  it('finds every fenced block with its opening line, info string and content', () => {
    expect(blocks.map(({ line, info, code }) => ({ line, info, code }))).toEqual([
      { line: 3, info: 'sh run', code: 'A=1' },
      { line: 9, info: 'sh', code: 'npm start' },
      { line: 12, info: 'text', code: 'admin key create --tenant SLUG' },
      { line: 15, info: 'md', code: `${FENCE}sh run\necho inside an outer fence\n${FENCE}` },
      { line: 21, info: 'sh run', code: 'echo indented' },
      { line: 25, info: 'bash   run', code: 'echo bash' },
    ]);
  });

  it('runs shell blocks marked run only, not a block quoted inside another fence', () => {
    expect(blocks.map((block) => block.runnable)).toEqual([true, false, false, false, true, true]);
  });

  it('reads the not-run comment just above a fence', () => {
    expect(blocks.map((block) => block.notRunReason)).toEqual([undefined, 'it starts a second platform', undefined, undefined, undefined, undefined]);
  });

  it('names a shell block neither run nor saying why, and a run block under a not-run comment', () => {
    const problems = fenceProblems('x.md', extractBlocks([`${FENCE}sh`, 'ls', FENCE, '<!-- not run: why -->', `${FENCE}sh run`, 'ls', FENCE, `${FENCE}json`, '{}', FENCE].join('\n')));
    expect(problems).toEqual([
      'x.md:1: a ```sh block is neither ```sh run nor under a <!-- not run: why --> comment',
      'x.md:5: a runnable block under a "not run" comment',
    ]);
  });
});

describe('the README and the guides', () => {
  it('mark every shell block run, or say why not', () => {
    const problems = documentationFiles(REPO_ROOT).flatMap((file) => fenceProblems(file, extractBlocks(readFileSync(join(REPO_ROOT, file), 'utf8'))));
    expect(problems).toEqual([]);
  });
});

describe('runFile', () => {
  let directory: string;
  beforeAll(() => (directory = mkdtempSync(join(tmpdir(), 'sv-doc-examples-spec-'))));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const run = (name: string, blocks: string[], timeoutMs = 20_000) => {
    const file = join(directory, name);
    writeFileSync(file, blocks.map((code) => `Text.\n\n${FENCE}sh run\n${code}\n${FENCE}\n`).join('\n'));
    return runFile(directory, file, timeoutMs);
  };

  it('runs a file as one session: variables and functions carry across blocks', async () => {
    const result = await run('carry.md', ['A=first\nshow() { echo "$1"; }', 'show "$A second" | grep -q "first second"  # a pipeline as pasted']);
    expect(result).toMatchObject({ ok: true, blocks: 2, passed: 2 });
  });

  it('fails on a failing command, naming its block and Markdown line, with the output before it', async () => {
    const result = await run('fails.md', ['echo one', 'echo two\nfalse\necho never']);
    expect(result).toMatchObject({ ok: false, passed: 1 });
    // Block 2 opens at line 9 of the file; `false` is its second line.
    expect(result.failure).toBe(`block 2 (${join(directory, 'fails.md')}:9) failed at ${join(directory, 'fails.md')}:11 with exit status 1`);
    expect(result.output).toBe('one\ntwo');
  });

  it('names the command that ended the session, not an earlier failure inside a pipeline', async () => {
    const result = await run('pipeline.md', ['echo x | (false) | cat', 'false']);
    const file = join(directory, 'pipeline.md');
    expect(result.failure).toBe(`block 2 (${file}:9) failed at ${file}:10 with exit status 1`);
  });

  it('fails on a variable no block defined', async () => {
    const result = await run('unset.md', ['echo "$NEVER_SET"']);
    expect(result.ok).toBe(false);
  });

  it('fails when a json path matched nothing (node -p prints undefined)', async () => {
    const result = await run('undefined.md', [`echo '{"a":1}' | node -p "JSON.parse(require('fs').readFileSync(0, 'utf8')).b"`]);
    expect(result).toMatchObject({ ok: false, passed: 1, failure: 'printed `undefined`: a json path matched nothing in its answer' });
  });

  it('stops a file that outlives its timeout, with what it started', async () => {
    const result = await run('slow.md', ['sleep 60 & wait'], 1_000);
    expect(result.ok).toBe(false);
    expect(result.failure).toMatch(/did not finish within 1 s$/);
  });
});
