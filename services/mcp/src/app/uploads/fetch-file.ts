import type { Request } from 'got';
import { REFUSED_ADDRESS_CODE, guardedRequest, isPublicAddress, oneShotAgents } from '@sv/platform';
import { UploadFileError } from './upload-file-error.ts';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

export interface FetchGuards {
  /** Loopback and private addresses allowed (local development). */
  allowPrivateUrls: boolean;
  /** For the whole fetch: every redirect hop and the body. */
  timeoutMs: number;
}

/** A file being fetched: its headers are in, its body is read from `body`. */
export interface FetchedFile {
  url: URL;
  contentType: string | undefined;
  contentLength: number | undefined;
  body: Request;
  close(): void;
}

const checkedUrl = (text: string): URL => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UploadFileError('The file_url is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UploadFileError('The file_url must be an http or https URL.');
  return url;
};

/** A fetch failure in words for the caller. */
export const describeFetchFailure = (error: unknown, timeoutMs: number): UploadFileError => {
  if (error instanceof UploadFileError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === REFUSED_ADDRESS_CODE) return new UploadFileError('The file_url leads to a private or loopback address, which is not fetched.');
  if (code === 'ETIMEDOUT' || (error as Error).name === 'TimeoutError') return new UploadFileError(`The file_url did not answer within ${timeoutMs / 1000} s.`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new UploadFileError('The file_url host name does not resolve.');
  return new UploadFileError(`The file_url could not be fetched${typeof code === 'string' ? ` (${code})` : ''}.`);
};

/**
 * GETs a caller-named URL under the platform's outbound guard: http(s) only, every hop's address
 * checked (literal, resolved and connected) unless private addresses are allowed, a few
 * redirects at most, no retries. Resolves once the file's headers are in.
 */
export const fetchFile = async (source: string, guards: FetchGuards): Promise<FetchedFile> => {
  const deadline = Date.now() + guards.timeoutMs;
  const agents = oneShotAgents();
  let url = checkedUrl(source);
  try {
    for (let redirects = 0; ; redirects++) {
      const { request, response } = await guardedRequest(url, {
        method: 'GET',
        agents,
        headers: { accept: '*/*', 'user-agent': 'sv-mcp/upload' },
        timeoutMs: Math.max(1, deadline - Date.now()),
        isAllowedAddress: guards.allowPrivateUrls ? undefined : isPublicAddress,
      });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        request.destroy();
        if (redirects >= MAX_REDIRECTS) throw new UploadFileError(`The file_url redirected more than ${MAX_REDIRECTS} times.`);
        url = checkedUrl(new URL(location, url).href);
        continue;
      }
      if (status < 200 || status > 299) {
        request.destroy();
        throw new UploadFileError(`Fetching the file_url answered HTTP ${status}.`);
      }
      const length = Number(response.headers['content-length']);
      return {
        url,
        contentType: response.headers['content-type'],
        contentLength: Number.isFinite(length) ? length : undefined,
        body: request,
        close() {
          request.destroy();
          agents.destroy();
        },
      };
    }
  } catch (error) {
    agents.destroy();
    throw describeFetchFailure(error, guards.timeoutMs);
  }
};
