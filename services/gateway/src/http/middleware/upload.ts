import type { Readable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import busboy from 'busboy';
import { Messages, type UploadedFile } from '@sv/contracts';
import { DomainError, ValidationError } from '@sv/platform';
import { BlobTooLargeError, sniffStream, type BlobStore, type StoredBlob } from '@sv/platform';
import { EXTENSION_BY_MIME, canonicalDetectedMime, uploadKind, type UploadKindSpec } from '../../app/routing/upload-kinds.ts';
import type { UploadSpec } from '@sv/contracts';
import { locals } from '../locals.ts';
import { failOnUnsafeFormField } from './text-safety.ts';

const MEGABYTE = 1024 * 1024;
/** Room for multipart boundaries and small text fields on top of the file ceiling. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** How long a refused body is read and discarded before the refusal goes out regardless. */
const DISCARD_TIMEOUT_MS = 30_000;
/** Named in a refusal when the bytes show no type at all. */
const UNRECOGNISED_MIME = 'application/octet-stream';

const tooLarge = (kind: UploadKindSpec) =>
  new DomainError('payload_too_large', kind.tooLargeMessage ?? Messages.fileTooLarge(kind.maxMegabytes), { code: 'upload.too_large' });

const typeNotAllowed = (mime: string, label: string) =>
  new DomainError('unsupported_media_type', Messages.fileTypeNotAllowed(mime, label), { code: 'upload.type_not_allowed' });

const missingFile = (spec: UploadSpec) =>
  new ValidationError({ [spec.field]: [spec.missingMessage ?? `The ${spec.field} file is required.`] }, spec.missingMessage);

const baseMime = (value: string | undefined): string => (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** Reads a part to its end; resolves with how many bytes it had. */
const drain = (stream: Readable): Promise<number> =>
  new Promise((resolve) => {
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    stream.once('end', () => resolve(bytes));
    stream.once('error', () => resolve(bytes));
  });

/**
 * Reads and discards a refused request's body before the refusal is sent, so a client that writes
 * its whole body before reading the answer gets the 413 instead of a broken pipe. Only up to a
 * bound: a body far past the ceiling, or one that trickles, is cut off and the connection closed.
 */
const discardBody = (req: Request, declaredLength: number, maxBytes: number): Promise<void> => {
  if (declaredLength > maxBytes * 2 + MULTIPART_OVERHEAD_BYTES) {
    req.resume();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, DISCARD_TIMEOUT_MS);
    req.once('end', done);
    req.once('error', done);
    req.once('close', done);
    req.resume();
  });
};

interface StoredPart {
  blob: StoredBlob;
  mime: string;
}

/**
 * Stores one file of an upload of `kind`, or resolves undefined when the part is "no file": a
 * browser sends a file input left empty as a nameless, empty part. A file of a type the kind does
 * not allow is refused (415; bytes in no format at all: the kind's 422, when it has one) and
 * drained, so the rest of the request can still be read.
 */
const storePart = async (
  source: Readable,
  part: { field: string; declaredMime: string; filename: string | undefined },
  kind: UploadKindSpec,
  store: BlobStore,
  tenantId: string,
): Promise<StoredPart | undefined> => {
  const allowed = kind.mimeTypes;
  let body = source;
  let mime = part.declaredMime;
  if (kind.detect === 'bytes') {
    // The bytes decide, never the declared type or the filename.
    const sniffed = await sniffStream(source);
    if (sniffed.sampledBytes === 0 && !part.filename) return undefined;
    body = sniffed.stream;
    mime = sniffed.mime ? canonicalDetectedMime(sniffed.mime) : '';
    if (!allowed.includes(mime)) {
      body.resume();
      if (!sniffed.mime && kind.unrecognisedMessage) throw new ValidationError({ [part.field]: [kind.unrecognisedMessage] });
      throw typeNotAllowed(sniffed.mime ?? UNRECOGNISED_MIME, kind.label);
    }
  } else if (!allowed.includes(mime)) {
    if (part.filename) {
      source.resume();
      throw typeNotAllowed(mime || 'unknown', kind.label);
    }
    if ((await drain(source)) > 0) throw typeNotAllowed(mime || 'unknown', kind.label);
    return undefined;
  }
  const maxBytes = kind.maxMegabytes * MEGABYTE;
  const blob = await store.put(body, { tenantId, extension: EXTENSION_BY_MIME[mime] ?? '', maxBytes, contentType: mime, visibility: kind.visibility }).catch((error: unknown) => {
    throw error instanceof BlobTooLargeError ? tooLarge(kind) : error;
  });
  return { blob, mime };
};

/** An inline upload's ceiling, in whole megabytes as the spec's message names sizes (at least 1). */
const tooLargeInline = (maxBytes: number) =>
  new DomainError('payload_too_large', Messages.fileTooLarge(Math.max(1, Math.floor(maxBytes / MEGABYTE))), { code: 'upload.too_large' });

/**
 * Reads a file of an inline upload into memory: its text, or undefined for an empty, nameless part
 * (a file input left empty). Past `maxBytes` the rest is drained, not kept, and the upload refused.
 */
const readInlinePart = async (
  source: Readable,
  part: { declaredMime: string; filename: string | undefined },
  kind: UploadKindSpec,
  maxBytes: number,
): Promise<string | undefined> => {
  if (!kind.mimeTypes.includes(part.declaredMime)) {
    if (part.filename) {
      source.resume();
      throw typeNotAllowed(part.declaredMime || 'unknown', kind.label);
    }
    if ((await drain(source)) > 0) throw typeNotAllowed(part.declaredMime || 'unknown', kind.label);
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    source.once('end', resolve);
    source.once('error', reject);
  });
  if (size > maxBytes) throw tooLargeInline(maxBytes);
  if (size === 0 && !part.filename) return undefined;
  return Buffer.concat(chunks).toString('utf8');
};

export interface UploadResult {
  files: UploadedFile[];
  fields: Record<string, string>;
}

/**
 * Streams the upload of `spec` into the blob store, enforcing the spec's ceiling (413) and
 * types (415) while reading, so an oversize body is never buffered and nothing partial is kept.
 * The type is the one the file's first bytes show (documents: the declared one); the forwarded
 * request then carries only a reference to the stored file, with that type.
 */
export const acceptUpload =
  (spec: UploadSpec, store: BlobStore, options: { inlineMaxBytes?: number } = {}) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const kind = uploadKind(spec.kind);
    // An inline file rides the forwarded request, so a bus message's size bounds it too.
    const maxBytes = spec.inline ? Math.min(kind.maxMegabytes * MEGABYTE, options.inlineMaxBytes ?? Infinity) : kind.maxMegabytes * MEGABYTE;
    const refuseTooLarge = () => (spec.inline ? tooLargeInline(maxBytes) : tooLarge(kind));
    const declaredLength = Number(req.get('content-length') ?? 0);
    if (declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
      await discardBody(req, declaredLength, maxBytes);
      throw refuseTooLarge();
    }
    const tenantId = locals(res).principal?.tenant_id ?? 'anonymous';
    const contentType = baseMime(req.get('content-type'));

    if (spec.inline && spec.rawContentTypes?.includes(contentType)) {
      const text = await readInlinePart(req, { declaredMime: contentType, filename: undefined }, kind, maxBytes);
      if (!text) throw missingFile(spec);
      req.body = { [spec.field]: text };
      res.locals.upload = { fields: {}, files: [] } satisfies UploadResult;
      next();
      return;
    }
    if (spec.rawContentTypes?.includes(contentType)) {
      const stored = await storePart(req, { field: spec.field, declaredMime: contentType, filename: undefined }, kind, store, tenantId);
      if (!stored || stored.blob.size === 0) {
        if (stored) await store.remove(stored.blob.key).catch(() => undefined);
        throw missingFile(spec);
      }
      const { blob, mime } = stored;
      req.body = {};
      res.locals.upload = {
        fields: {},
        files: [{ field: spec.field, key: blob.key, url: blob.url, filename: `${spec.field}${EXTENSION_BY_MIME[mime] ?? ''}`, mime_type: mime, size: blob.size }],
      } satisfies UploadResult;
      next();
      return;
    }
    if (contentType !== 'multipart/form-data') {
      req.resume();
      throw missingFile(spec);
    }

    const result = await new Promise<UploadResult>((resolve, reject) => {
      const files: UploadedFile[] = [];
      const fields: Record<string, string> = {};
      const pending: Promise<void>[] = [];
      let failure: unknown;
      const fail = (error: unknown) => {
        failure ??= error;
      };
      // Once every part has settled: the result, or the failure with the files already stored removed.
      const settle = () =>
        void Promise.allSettled(pending).then(async () => {
          if (!failure) return resolve({ files, fields });
          await Promise.allSettled(files.map((file) => store.remove(file.key)));
          reject(failure);
        });
      // One byte over the ceiling: busboy flags a file that merely reaches its limit as truncated,
      // so the blob store's own ceiling is what refuses the first byte too many.
      const parser = busboy({ headers: req.headers, limits: { fileSize: maxBytes + 1, files: 5, fields: 50, fieldSize: 64 * 1024 } });
      parser.on('field', (name, value) => {
        fields[name] = value;
        failOnUnsafeFormField(name, value, fail);
      });
      parser.on('file', (name, stream, info) => {
        if (name !== spec.field || failure) {
          stream.resume();
          return;
        }
        if (spec.inline) {
          pending.push(
            readInlinePart(stream, { declaredMime: baseMime(info.mimeType), filename: info.filename }, kind, maxBytes)
              .then((text) => {
                if (text) fields[name] = text;
              })
              .catch(fail),
          );
          return;
        }
        pending.push(
          storePart(stream, { field: name, declaredMime: baseMime(info.mimeType), filename: info.filename }, kind, store, tenantId)
            .then((stored) => {
              if (!stored) return;
              const { blob, mime } = stored;
              files.push({ field: name, key: blob.key, url: blob.url, filename: info.filename ?? name, mime_type: mime, size: blob.size });
            })
            .catch(fail),
        );
      });
      parser.on('error', (error) => {
        fail(new ValidationError({ [spec.field]: [`The upload could not be read: ${(error as Error).message}`] }));
        req.unpipe(parser);
        req.resume();
        settle();
      });
      parser.on('close', settle);
      req.pipe(parser);
    });
    if (spec.inline ? typeof result.fields[spec.field] !== 'string' : !result.files.some((file) => file.field === spec.field)) throw missingFile(spec);
    req.body = result.fields;
    res.locals.upload = result;
    next();
  };
