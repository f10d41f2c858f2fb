import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * The shell examples of README.md and docs/*.md, run against a running platform (`npm start`) so
 * an example that drifts from the platform fails: `node tools/dev/src/doc-examples.ts [--file
 * docs/x.md]`. A block fenced ```sh run is run; a plain ```sh block is shown only, and says why
 * in a `<!-- not run: … -->` comment just above it. A file's runnable blocks run in order as one
 * bash session from the repository root, so variables carry from block to block.
 */

export interface CodeBlock {
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's info string, trimmed: `sh run`, `sh`, `json`, `` (none). */
  info: string;
  /** The block's first info word: its language. */
  language: string;
  /** Fenced ```<shell> run: executed by this runner. */
  runnable: boolean;
  /** The `<!-- not run: … -->` comment just above the fence (blank lines between allowed). */
  notRunReason?: string;
  code: string;
}

const SHELLS = new Set(['sh', 'bash', 'shell', 'console']);
const NOT_RUN = /^\s*<!--\s*not run:\s*(.*?)\s*-->\s*$/;

/** Every fenced code block of a Markdown text (``` or ~~~ fences, CommonMark's closing rule). */
export const extractBlocks = (markdown: string): CodeBlock[] => {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(lines[index]!);
    if (!open) continue;
    const [, indent, fence, rest] = open as unknown as [string, string, string, string];
    if (fence[0] === '`' && rest.includes('`')) continue; // an inline code span, not a fence
    const info = rest.trim();
    const body: string[] = [];
    let end = index + 1;
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    while (end < lines.length && !close.test(lines[end]!)) {
      // Content loses up to the opening fence's indentation, as CommonMark reads it.
      body.push(lines[end]!.replace(new RegExp(`^ {0,${indent.length}}`), ''));
      end++;
    }
    const words = info.split(/\s+/).filter(Boolean);
    const language = words[0] ?? '';
    let above = index - 1;
    while (above >= 0 && lines[above]!.trim() === '') above--;
    const comment = above >= 0 ? NOT_RUN.exec(lines[above]!) : null;
    blocks.push({
      line: index + 1,
      info,
      language,
      runnable: SHELLS.has(language) && words.slice(1).includes('run'),
      ...(comment ? { notRunReason: comment[1] } : {}),
      code: body.join('\n'),
    });
    index = end;
  }
  return blocks;
};

/** What is wrong with a file's fences: a shell block neither run nor saying why, or both. */
export const fenceProblems = (file: string, blocks: CodeBlock[]): string[] =>
  blocks.flatMap((block) => {
    if (!SHELLS.has(block.language)) return [];
    if (block.runnable && block.notRunReason !== undefined) return [`${file}:${block.line}: a runnable block under a "not run" comment`];
    if (!block.runnable && !block.notRunReason) return [`${file}:${block.line}: a \`\`\`${block.language} block is neither \`\`\`${block.language} run nor under a <!-- not run: why --> comment`];
    return [];
  });

/** README.md and docs/*.md, relative to the repository root, in a stable order. */
export const documentationFiles = (root: string): string[] => [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

export interface SessionScript {
  script: string;
  /** For each line of the script (0-based), the block index and Markdown line it came from. */
  origin: ({ block: number; line: number } | undefined)[];
}

/**
 * One bash script for a file's runnable blocks. Errexit without pipefail: a failing command
 * fails the example, while `curl … | head` and `… | grep -q` in loop conditions behave as they
 * do when pasted. Progress and the failing line go to fd 3, apart from the examples' output.
 */
export const sessionScript = (blocks: CodeBlock[]): SessionScript => {
  const script: string[] = [];
  const origin: SessionScript['origin'] = [];
  const emit = (text: string, from?: { block: number; line: number }) => {
    script.push(text);
    origin.push(from);
  };
  emit('set -eEu');
  emit(`trap 'echo "failed $LINENO $?" >&3' ERR`);
  blocks.forEach((block, number) => {
    emit(`echo "block ${number}" >&3`);
    block.code.split('\n').forEach((text, offset) => emit(text, { block: number, line: block.line + 1 + offset }));
    emit(`echo "passed ${number}" >&3`);
  });
  emit('');
  return { script: script.join('\n'), origin };
};

export interface FileResult {
  file: string;
  blocks: number;
  passed: number;
  seconds: number;
  ok: boolean;
  /** Why it failed: the block (its Markdown line), the failing line and exit status, or the timeout. */
  failure?: string;
  /** The session's output, stdout and stderr together. */
  output?: string;
}

const OUTPUT_TAIL_LINES = 40;

/** Runs one file's runnable blocks as one bash session from `root`. */
export const runFile = async (root: string, file: string, timeoutMs: number): Promise<FileResult> => {
  const blocks = extractBlocks(readFileSync(resolve(root, file), 'utf8')).filter((block) => block.runnable);
  const started = performance.now();
  if (blocks.length === 0) return { file, blocks: 0, passed: 0, seconds: 0, ok: true };
  const { script, origin } = sessionScript(blocks);
  const directory = mkdtempSync(join(tmpdir(), 'sv-doc-examples-'));
  const path = join(directory, 'session.sh');
  writeFileSync(path, script);
  try {
    const child = spawn('bash', ['--noprofile', '--norc', path], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    let output = '';
    let progress = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => (progress += chunk.toString()));
    let timedOut = false;
    // The session's own process group: a timeout stops its curl loops and commands too.
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    const code: number | null = await new Promise((done) => child.once('close', (exitCode) => done(exitCode)));
    clearTimeout(timer);
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const events = progress.trim().split('\n').filter(Boolean);
    const passed = events.filter((event) => event.startsWith('passed ')).length;
    output = output.trimEnd();
    // `json .a.b` prints undefined, exit 0, when the answer has no such field: a drifted example.
    const unmatched = /^undefined$/m.test(output);
    if (code === 0 && !timedOut && passed === blocks.length && !unmatched) return { file, blocks: blocks.length, passed, seconds, ok: true, output };
    if (code === 0 && !timedOut && passed === blocks.length) return { file, blocks: blocks.length, passed, seconds, ok: false, failure: 'printed `undefined`: a json path matched nothing in its answer', output };
    const current = Number(events.filter((event) => event.startsWith('block ')).at(-1)?.split(' ')[1] ?? 0);
    const block = blocks[current]!;
    // The last: a command failing inside a loop's condition or a pipeline also reports, and goes on.
    const failedAt = events.filter((event) => event.startsWith('failed ')).at(-1);
    let failure = `block ${current + 1} (${file}:${block.line})`;
    if (timedOut) failure += ` did not finish within ${timeoutMs / 1000} s`;
    else if (failedAt) {
      const [, scriptLine, status] = failedAt.split(' ');
      const from = origin[Number(scriptLine) - 1];
      failure += from ? ` failed at ${file}:${from.line} with exit status ${status}` : ` failed with exit status ${status}`;
    } else failure += ` failed with exit status ${code}`;
    return { file, blocks: blocks.length, passed, seconds, ok: false, failure, output };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
};

/** The platform's gateway health, as `npm start` prints it once up. */
export const platformIsUp = async (url = 'http://127.0.0.1:8080/health'): Promise<boolean> =>
  fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.ok,
    () => false,
  );

export const formatResult = (result: FileResult, verbose = false): string => {
  const head = `${result.ok ? 'pass' : 'FAIL'}  ${result.file}  ${result.passed}/${result.blocks} blocks  ${result.seconds} s`;
  const lines = (result.output ?? '').split('\n');
  // A failure shows the end of its output, where the failing command wrote.
  const shown = (verbose ? lines : lines.slice(-OUTPUT_TAIL_LINES)).join('\n').replace(/^/gm, '      | ');
  if (result.ok) return verbose ? `${head}\n${shown}` : head;
  return `${head}\n      ${result.failure}\n${shown}`;
};

const main = async (): Promise<number> => {
  const { values } = parseArgs({ options: { file: { type: 'string', multiple: true }, verbose: { type: 'boolean', default: false }, 'timeout-seconds': { type: 'string', default: '300' } } });
  const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
  const files = values.file?.length ? values.file : documentationFiles(root);
  const problems = files.flatMap((file) => fenceProblems(file, extractBlocks(readFileSync(resolve(root, file), 'utf8'))));
  if (problems.length > 0) process.stderr.write(`${problems.join('\n')}\n`);
  if (!(await platformIsUp())) {
    process.stderr.write('The platform is not running: nothing answers http://127.0.0.1:8080/health. Start it with `npm start` (it prints "The platform is up."), then run this again.\n');
    return 2;
  }
  const timeoutMs = Number(values['timeout-seconds']) * 1000;
  let failed = 0;
  for (const file of files) {
    const result = await runFile(root, file, timeoutMs);
    if (result.blocks === 0) continue;
    if (!result.ok) failed++;
    process.stdout.write(`${formatResult(result, values.verbose)}\n`);
  }
  if (failed) process.stdout.write(`${failed} file(s) with failing examples\n`);
  if (problems.length) process.stdout.write(`${problems.length} shell block(s) neither run nor saying why they are not\n`);
  if (!failed && !problems.length) process.stdout.write('every example passed\n');
  return failed || problems.length ? 1 : 0;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
