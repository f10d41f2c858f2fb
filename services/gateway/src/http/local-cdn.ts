import express, { type Request, type Response } from 'express';
import { Messages } from '@sv/contracts';
import {
  BlobExistsError,
  BlobNotFoundError,
  BlobTooLargeError,
  ConflictError,
  DomainError,
  ForbiddenError,
  LOCAL_UPLOAD_PATH,
  NotFoundError,
  errorToReply,
  sniffStream,
  type LocalDiskBlobStore,
  type Logger,
} from '@sv/platform';
import { canonicalDetectedMime, sniffedKindOf } from '../app/routing/upload-kinds.ts';

const MEGABYTE = 1024 * 1024;
const UNRECOGNISED_MIME = 'application/octet-stream';

const baseMime = (value: string | undefined): string => (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

const tooLarge = (maxBytes: number) =>
  new DomainError('payload_too_large', Messages.fileTooLarge(Math.round((maxBytes / MEGABYTE) * 100) / 100), { code: 'upload.too_large' });

/** The signed type's family: an upload signed for image/jpeg may carry any image type we take. */
const allowedFor = (signedMime: string): { mimeTypes: readonly string[]; label: string } =>
  sniffedKindOf(signedMime) ?? { mimeTypes: [signedMime], label: signedMime };

/**
 * Takes one presigned upload (`PUT <cdn>/_uploads/<key>?expires&max&type&signature`): the
 * signature and expiry first (403), then a file already there (409), then the bytes as they stream
 * in: past the signed size 413, a type outside the signed type's family 415. The file lands at
 * exactly the signed key, whole or not at all.
 */
const acceptPresignedUpload = async (store: LocalDiskBlobStore, req: Request, res: Response): Promise<void> => {
  const key = req.path.replace(/^\//, '');
  const check = store.verifyUpload(key, new URL(req.originalUrl, 'http://cdn.invalid').searchParams);
  if (!check.ok) throw new ForbiddenError(check.reason === 'expired' ? Messages.uploadUrlExpired : Messages.uploadUrlInvalid);
  const { grant } = check;
  // As a presigned S3 PUT does, the type the URL was issued for must be the type sent.
  if (baseMime(req.get('content-type')) !== grant.contentType.toLowerCase()) throw new ForbiddenError(Messages.uploadContentTypeMismatch(grant.contentType));
  if (Number(req.get('content-length') ?? 0) > grant.maxBytes) throw tooLarge(grant.maxBytes);
  if (await store.exists(key)) throw new ConflictError(Messages.uploadAlreadyDone);

  const sniffed = await sniffStream(req);
  const allowed = allowedFor(grant.contentType);
  const mime = sniffed.mime ? canonicalDetectedMime(sniffed.mime) : '';
  if (!allowed.mimeTypes.includes(mime)) {
    sniffed.stream.resume();
    throw new DomainError('unsupported_media_type', Messages.fileTypeNotAllowed(sniffed.mime ?? UNRECOGNISED_MIME, allowed.label));
  }
  const blob = await store.putAt(key, sniffed.stream, { maxBytes: grant.maxBytes }).catch((error: unknown) => {
    if (error instanceof BlobTooLargeError) throw tooLarge(grant.maxBytes);
    if (error instanceof BlobExistsError) throw new ConflictError(Messages.uploadAlreadyDone);
    if (error instanceof BlobNotFoundError) throw new NotFoundError(Messages.endpointNotFound);
    throw error;
  });
  res.status(200).json({ success: true, key: blob.key, url: blob.url });
};

/**
 * The local CDN: the blob directory served read-only (never its `.incoming` temp files), and the
 * endpoint taking presigned uploads. Browsers PUT there from the app's own origin, so the
 * endpoint answers CORS for any origin: the signature, not the origin, authorises the upload.
 */
export const createLocalCdnApp = (store: LocalDiskBlobStore, logger: Logger): express.Express => {
  const app = express();
  app.disable('x-powered-by');
  app.use(LOCAL_UPLOAD_PATH, (req, res) => {
    res.set({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'PUT, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Max-Age': '600',
    });
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    const fail = (error: unknown) => {
      // The rest of the body is read and dropped, so the client gets the answer, not a reset.
      req.resume();
      const reply = errorToReply(error, logger);
      res.status(reply.status).set(reply.headers).json(reply.body);
    };
    if (req.method !== 'PUT') {
      fail(new NotFoundError(Messages.endpointNotFound)); // uploads are never served from here
      return;
    }
    acceptPresignedUpload(store, req, res).catch(fail);
  });
  app.use(express.static(store.root, { dotfiles: 'deny', index: false, fallthrough: false, immutable: true, maxAge: '365d' }));
  return app;
};
