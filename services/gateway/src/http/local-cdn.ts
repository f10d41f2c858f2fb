import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
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
  isBlobKey,
  isPublicKey,
  servedTypeOf,
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

/** Headers of every stored file served (its type comes from a fixed list): nothing in it runs as a page. */
const SAFE_FILE_HEADERS = { 'Content-Security-Policy': "default-src 'none'; sandbox" };

/** A public file never changes (keys are never reused). */
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A refusal or failure of the CDN: a word or two, never a stack, a path or a file name. */
const answerBare = (res: Response, status: number, text: string): void => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res
    .status(status)
    .set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
    .send(text);
};

const NOT_FOUND = 'Not found.';

/**
 * GET and HEAD of a stored file: a public key as it is, a private key only with a valid, unexpired
 * read signature of this store (403 otherwise, checked before the file is looked for, so a
 * refusal says nothing of what exists). The type is the one its extension names, anything
 * unknown downloaded as bytes. The bytes, ranges and validators come from the static handler.
 */
const serveStoredFile =
  (store: LocalDiskBlobStore, files: RequestHandler): RequestHandler =>
  (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return answerBare(res, 404, NOT_FOUND);
    const key = req.path.slice(1);
    if (!isBlobKey(key)) return answerBare(res, 404, NOT_FOUND);
    let cacheControl = PUBLIC_CACHE_CONTROL;
    if (!isPublicKey(key)) {
      const check = store.verifyRead(key, new URL(req.originalUrl, 'http://cdn.invalid').searchParams);
      if (!check.ok) return answerBare(res, 403, check.reason === 'expired' ? 'This link has expired.' : 'Forbidden.');
      // Cached no longer than the link lives.
      cacheControl = `private, max-age=${Math.max(0, check.expires - Math.floor(Date.now() / 1000))}`;
    }
    const served = servedTypeOf(key);
    const headers: Record<string, string> = { ...SAFE_FILE_HEADERS, 'Content-Type': served.contentType, 'Cache-Control': cacheControl };
    if (served.disposition === 'attachment') headers['Content-Disposition'] = 'attachment';
    // setHeader, not res.set: the type is sent exactly as named (res.set would add a charset).
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    files(req, res, next);
  };

/** Last in line: whatever failed (a missing file included) is answered bare; only real failures are logged. */
const answerFailure =
  (logger: Logger) =>
  (error: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const status = Number((error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode);
    if (status >= 400 && status < 500) return answerBare(res, status, status === 404 ? NOT_FOUND : 'Refused.');
    logger.error({ err: error }, 'the local CDN failed to serve a file');
    answerBare(res, 500, 'Something went wrong.');
  };

/**
 * The local CDN: the blob directory served read-only (never its `.incoming` temp files), and the
 * endpoint taking presigned uploads. Browsers PUT there from the app's own origin, so the
 * endpoint answers CORS for any origin: the signature, not the origin, authorises the upload.
 */
export const createLocalCdnApp = (store: LocalDiskBlobStore, logger: Logger): express.Express => {
  const app = express();
  app.disable('x-powered-by');
  // Every answer is read as the type it names, never as what its bytes look like.
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
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
  // The type and caching are set before the static handler, which keeps them; it never redirects
  // nor lists a directory, and hands every failure on to answerFailure.
  const files = express.static(store.root, { dotfiles: 'deny', index: false, redirect: false, fallthrough: false, cacheControl: false });
  app.use(serveStoredFile(store, files));
  app.use(answerFailure(logger));
  return app;
};
