import { Messages, UPLOAD_MAX_MEGABYTES, type UploadSpec } from '@sv/contracts';
import { describeFetchFailure, fetchFile, type FetchGuards } from './fetch-file.ts';
import { UploadFileError } from './upload-file-error.ts';

const MEGABYTE = 1024 * 1024;

/** The file of an upload tool call, read as it is sent on. */
export interface UploadFile {
  fileName: string;
  contentType: string;
  /** The bytes; reading fails with an UploadFileError once past the route's ceiling. */
  chunks: AsyncIterable<Buffer>;
  /** Lets go of the source (a fetch's socket) when the upload ends early. */
  close(): void;
}

/** Media types by file extension, for a file whose source names none (documents are judged by it). */
const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  gif: 'image/gif',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  m4a: 'audio/x-m4a',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  xml: 'application/xml',
  csv: 'text/csv',
};

const typeOfName = (fileName: string): string | undefined => TYPE_BY_EXTENSION[fileName.split('.').at(-1)?.toLowerCase() ?? ''];

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

const tooLarge = (upload: UploadSpec) => new UploadFileError(Messages.fileTooLarge(UPLOAD_MAX_MEGABYTES[upload.kind]));

/** Passes chunks on, refusing the first byte over `maxBytes` (a missing or lying Content-Length changes nothing). */
async function* capped(source: AsyncIterable<Buffer>, maxBytes: number, upload: UploadSpec, guards: FetchGuards): AsyncGenerator<Buffer> {
  let size = 0;
  try {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(upload);
      yield chunk;
    }
  } catch (error) {
    throw describeFetchFailure(error, guards.timeoutMs);
  }
}

async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

/** The last segment of a URL's path, as a file name. */
const nameInUrl = (url: URL): string | undefined => {
  const segment = url.pathname.split('/').at(-1) ?? '';
  try {
    return text(decodeURIComponent(segment));
  } catch {
    return text(segment);
  }
};

const DATA_URL = /^data:([^;,]*)(?:;[^,]*)?;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

const fromBase64 = (value: string, upload: UploadSpec): { bytes: Buffer; declaredType: string | undefined } => {
  const dataUrl = DATA_URL.exec(value);
  const encoded = (dataUrl ? value.slice(dataUrl[0].length) : value).replace(/\s+/g, '');
  if (!BASE64.test(encoded)) throw new UploadFileError('The file_base64 is not base64.');
  // Judged before decoding: an oversize file is never held twice.
  if (Math.floor((encoded.length * 3) / 4) > UPLOAD_MAX_MEGABYTES[upload.kind] * MEGABYTE + 2) throw tooLarge(upload);
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length === 0) throw new UploadFileError('The file_base64 is empty.');
  if (bytes.length > UPLOAD_MAX_MEGABYTES[upload.kind] * MEGABYTE) throw tooLarge(upload);
  return { bytes, declaredType: text(dataUrl?.[1]) };
};

/**
 * The file of an upload call: fetched from file_url (under the outbound guard) or decoded from
 * file_base64, exactly one of them, never more than the route's ceiling.
 */
export const openUploadFile = async (args: Record<string, unknown>, upload: UploadSpec, guards: FetchGuards): Promise<UploadFile> => {
  const url = text(args.file_url);
  const base64 = text(args.file_base64);
  if ((url === undefined) === (base64 === undefined)) throw new UploadFileError('Give the file as file_url or as file_base64 (one of them).');
  const givenName = text(args.file_name);
  const givenType = text(args.content_type);
  const maxBytes = UPLOAD_MAX_MEGABYTES[upload.kind] * MEGABYTE;

  if (base64 !== undefined) {
    const { bytes, declaredType } = fromBase64(base64, upload);
    const fileName = givenName ?? upload.field;
    return {
      fileName,
      contentType: givenType ?? declaredType ?? typeOfName(fileName) ?? 'application/octet-stream',
      chunks: once(bytes),
      close: () => undefined,
    };
  }

  const fetched = await fetchFile(url ?? '', guards);
  if (fetched.contentLength !== undefined && fetched.contentLength > maxBytes) {
    fetched.close();
    throw tooLarge(upload);
  }
  const fileName = givenName ?? nameInUrl(fetched.url) ?? upload.field;
  const servedType = text(fetched.contentType?.split(';')[0]);
  return {
    fileName,
    // A server's generic type says nothing; the name may.
    contentType: givenType ?? (servedType && servedType !== 'application/octet-stream' ? servedType : undefined) ?? typeOfName(fileName) ?? 'application/octet-stream',
    chunks: capped(fetched.body, maxBytes, upload, guards),
    close: () => fetched.close(),
  };
};
