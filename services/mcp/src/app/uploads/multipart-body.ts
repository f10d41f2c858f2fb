import { randomBytes } from 'node:crypto';
import type { UploadFile } from './upload-file.ts';

export interface MultipartBody {
  contentType: string;
  /** Streamed: the file is never held whole when it comes from a URL. */
  chunks: AsyncIterable<Uint8Array>;
  /** What stopped the file part, when reading it failed (too large, the source broke off). */
  failure(): Error | undefined;
  /** Lets go of the file's source, read to the end or not (the gateway may answer before). */
  close(): void;
}

/** A header parameter value in quotes; quotes and line breaks would end it early. */
const quoted = (value: string): string => `"${value.replace(/["\r\n\\]/g, '_')}"`;

/**
 * multipart/form-data with the text fields first and the file last, under `field`: what the
 * gateway's upload routes read (it checks the size and the type again, from the bytes).
 */
export const multipartBody = (field: string, file: UploadFile, fields: Record<string, string>): MultipartBody => {
  const boundary = `sv-mcp-${randomBytes(16).toString('hex')}`;
  let failure: Error | undefined;
  const fieldParts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`,
  );
  const fileHead =
    `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(field)}; filename=${quoted(file.fileName)}\r\n` +
    `Content-Type: ${file.contentType.replace(/[\r\n]/g, '')}\r\n\r\n`;

  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield Buffer.from(fieldParts.join('') + fileHead);
    try {
      for await (const chunk of file.chunks) yield chunk;
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      file.close();
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }

  return { contentType: `multipart/form-data; boundary=${boundary}`, chunks: chunks(), failure: () => failure, close: () => file.close() };
};
