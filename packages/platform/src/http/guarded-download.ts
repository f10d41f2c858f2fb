import { Transform, type Readable } from 'node:stream';
import { REFUSED_ADDRESS_CODE } from './guarded-lookup.ts';
import { guardedRequest, oneShotAgents } from './guarded-request.ts';

/** How far an outbound download of a client-named URL may go. */
export interface DownloadGuards {
  maxBytes: number;
  maxRedirects: number;
  /** For the whole download: every redirect hop and the body. */
  timeoutMs: number;
  /** Whether the download may connect to `address` (an IP literal); undefined allows any (local development). */
  isAllowedAddress: ((address: string) => boolean) | undefined;
  accept: string;
  userAgent: string;
  /**
   * Stops the download when aborted (its job's lease was lost, its service is stopping): the
   * connection is cut and the download rejects with the signal's reason, not a DownloadFailure,
   * since the file itself is not at fault.
   */
  signal?: AbortSignal;
}

export type DownloadFailureReason =
  | 'invalid_url'
  | 'refused_address'
  | 'timeout'
  | 'unresolvable'
  | 'connection_refused'
  | 'network'
  | 'too_many_redirects'
  | 'http_status'
  | 'too_large';

/** Why a download did not happen; each edge words it for its own client. */
export class DownloadFailure extends Error {
  override name = 'DownloadFailure';
  readonly reason: DownloadFailureReason;
  /** The HTTP status (http_status) or network error code (network), when there is one. */
  readonly detail: string | number | undefined;

  constructor(reason: DownloadFailureReason, detail?: string | number) {
    super(detail === undefined ? reason : `${reason}: ${detail}`);
    this.reason = reason;
    this.detail = detail;
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const checkedUrl = (text: string): URL => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DownloadFailure('invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DownloadFailure('invalid_url');
  return url;
};

const failureOf = (error: unknown): DownloadFailure => {
  if (error instanceof DownloadFailure) return error;
  const code = (error as { code?: unknown }).code;
  const name = (error as Error).name;
  if (code === REFUSED_ADDRESS_CODE) return new DownloadFailure('refused_address');
  if (code === 'ETIMEDOUT' || name === 'TimeoutError' || name === 'AbortError') return new DownloadFailure('timeout');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new DownloadFailure('unresolvable');
  if (code === 'ECONNREFUSED') return new DownloadFailure('connection_refused');
  return new DownloadFailure('network', typeof code === 'string' ? code : undefined);
};

/** Passes the body through, failing with too_large once more than `maxBytes` went by (a lying Content-Length changes nothing). */
const capped = (maxBytes: number): Transform => {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) done(new DownloadFailure('too_large'));
      else done(null, chunk);
    },
  });
};

/**
 * GETs a client-named URL under the outbound guards and hands its body to `consume` as a stream:
 * http(s) only, every hop's address checked (literal, resolved and actually connected), at most
 * `maxRedirects` redirects, at most `maxBytes` of body, `timeoutMs` in all. No retries, no cookies,
 * no sockets shared between downloads. Transport failures are DownloadFailures; what the consumer
 * throws of its own passes through unchanged.
 */
export const downloadGuarded = async <T>(sourceUrl: string, guards: DownloadGuards, consume: (body: Readable) => Promise<T>): Promise<T> => {
  const { signal } = guards;
  signal?.throwIfAborted();
  const deadline = Date.now() + guards.timeoutMs;
  const agents = oneShotAgents();
  let url = checkedUrl(sourceUrl);
  let current: { destroy(error?: Error): void } | undefined;
  // Destroyed with an error, the request fails the body it feeds (see below), so the consumer stops too.
  const cut = () => current?.destroy(new Error('the download was stopped'));
  signal?.addEventListener('abort', cut, { once: true });
  try {
    for (let redirects = 0; ; redirects++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new DownloadFailure('timeout');
      const { request, response } = await guardedRequest(url, {
        method: 'GET',
        agents,
        isAllowedAddress: guards.isAllowedAddress,
        timeoutMs: remaining,
        headers: { accept: guards.accept, 'user-agent': guards.userAgent },
      }).catch((error: unknown) => {
        throw failureOf(error);
      });
      current = request;
      try {
        signal?.throwIfAborted();
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          if (redirects >= guards.maxRedirects) throw new DownloadFailure('too_many_redirects', guards.maxRedirects);
          url = checkedUrl(new URL(location, url).href);
          continue;
        }
        if (status < 200 || status > 299) throw new DownloadFailure('http_status', status);
        if (Number(response.headers['content-length'] ?? 0) > guards.maxBytes) throw new DownloadFailure('too_large');
        const body = request.pipe(capped(guards.maxBytes));
        // A transport failure mid-body reaches the consumer as a DownloadFailure too.
        request.once('error', (error) => body.destroy(failureOf(error)));
        return await consume(body);
      } finally {
        request.destroy();
      }
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  } finally {
    signal?.removeEventListener('abort', cut);
    agents.destroy();
  }
};

/** Reads a whole guarded download into memory (it is capped by `maxBytes`). */
export const downloadGuardedBuffer = (sourceUrl: string, guards: DownloadGuards): Promise<Buffer> =>
  downloadGuarded(sourceUrl, guards, async (body) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
