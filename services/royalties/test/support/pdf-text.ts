import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text pdftotext (poppler) reads from a PDF: what a reader's viewer would show. */
export const pdfText = async (pdf: Buffer | Uint8Array): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'sv-statement-'));
  try {
    await writeFile(join(dir, 'statement.pdf'), pdf);
    return (await run('pdftotext', ['-layout', join(dir, 'statement.pdf'), '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
