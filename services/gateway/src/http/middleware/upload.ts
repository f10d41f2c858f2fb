import type { NextFunction, Request, Response } from 'express';
import busboy from 'busboy';
import { Messages, type UploadedFile } from '@sv/contracts';
import { DomainError, ValidationError } from '@sv/platform';
import { BlobTooLargeError, type BlobStore } from '@sv/platform';
import { EXTENSION_BY_MIME, UPLOAD_KINDS } from '../../app/routing/upload-kinds.ts';
import type { UploadSpec } from '../../app/routing/route-table.ts';
import { locals } from '../locals.ts';

const MEGABYTE = 1024 * 1024;
/** Room for multipart boundaries and small text fields on top of the file ceiling. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = (megabytes: number) =>
  new DomainError('payload_too_large', Messages.fileTooLarge(megabytes), { code: 'upload.too_large' });

const typeNotAllowed = (mime: string, label: string) =>
  new DomainError('unsupported_media_type', Messages.fileTypeNotAllowed(mime, label), { code: 'upload.type_not_allowed' });

const missingFile = (spec: UploadSpec) =>
  new ValidationError({ [spec.field]: [spec.missingMessage ?? `The ${spec.field} file is required.`] }, spec.missingMessage);

const baseMime = (value: string | undefined): string => (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

export interface UploadResult {
  files: UploadedFile[];
  fields: Record<string, string>;
}

/**
 * Streams the upload of `spec` into the blob store, enforcing the spec's ceiling (413) and
 * types (415) while reading, so an oversize body is never buffered and nothing partial is kept.
 * The forwarded request then carries only a reference to the stored file.
 */
export const acceptUpload =
  (spec: UploadSpec, store: BlobStore) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const kind = UPLOAD_KINDS[spec.kind];
    const maxBytes = kind.maxMegabytes * MEGABYTE;
    const declaredLength = Number(req.get('content-length') ?? 0);
    if (declaredLength > maxBytes + MULTIPART_OVERHEAD_BYTES) {
      req.resume();
      throw tooLarge(kind.maxMegabytes);
    }
    const tenantId = locals(res).principal?.tenant_id ?? 'anonymous';
    const contentType = baseMime(req.get('content-type'));
    const allowed = kind.mimeTypes as readonly string[];

    if (spec.rawContentTypes?.includes(contentType)) {
      const blob = await store.put(req, { tenantId, extension: EXTENSION_BY_MIME[contentType] ?? '', maxBytes, contentType }).catch((error: unknown) => {
        throw error instanceof BlobTooLargeError ? tooLarge(kind.maxMegabytes) : error;
      });
      if (blob.size === 0) {
        await store.remove(blob.key).catch(() => undefined);
        throw missingFile(spec);
      }
      req.body = {};
      res.locals.upload = {
        fields: {},
        files: [{ field: spec.field, key: blob.key, url: blob.url, filename: `${spec.field}${EXTENSION_BY_MIME[contentType] ?? ''}`, mime_type: contentType, size: blob.size }],
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
      });
      parser.on('file', (name, stream, info) => {
        const mime = baseMime(info.mimeType);
        if (name !== spec.field || failure) {
          stream.resume();
          return;
        }
        if (!allowed.includes(mime)) {
          if (!info.filename) {
            // A browser sends a file input left empty as a nameless, typeless, empty part: that is
            // "no file" (422), not a file of a refused type — unless it does carry bytes.
            pending.push(
              new Promise<void>((resolveDrain) => {
                let bytes = 0;
                stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
                stream.on('end', () => {
                  if (bytes > 0) fail(typeNotAllowed(mime || 'unknown', kind.label));
                  resolveDrain();
                });
              }),
            );
            return;
          }
          fail(typeNotAllowed(mime || 'unknown', kind.label));
          stream.resume();
          return;
        }
        pending.push(
          store
            .put(stream, { tenantId, extension: EXTENSION_BY_MIME[mime] ?? '', maxBytes, contentType: mime })
            .then((blob) => {
              files.push({ field: name, key: blob.key, url: blob.url, filename: info.filename ?? name, mime_type: mime, size: blob.size });
            })
            .catch((error: unknown) => fail(error instanceof BlobTooLargeError ? tooLarge(kind.maxMegabytes) : error)),
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
    if (!result.files.some((file) => file.field === spec.field)) throw missingFile(spec);
    req.body = result.fields;
    res.locals.upload = result;
    next();
  };
