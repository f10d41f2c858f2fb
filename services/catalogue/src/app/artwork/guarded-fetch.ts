import type { Request } from 'got';
import { Messages } from '@sv/contracts';
import { REFUSED_ADDRESS_CODE, guardedRequest, oneShotAgents } from '@sv/platform';

/** How far an outbound fetch of a client-named URL may go. */
export interface FetchGuards {
  maxBytes: number;
  maxRedirects: number;
  /** For the whole fetch, every redirect hop and the body included. */
  timeoutMs: number;
  /** Whether the fetch may connect to `address` (an IP literal). */
  isAllowedAddress: (address: string) => boolean;
}

/** A fetch refused or failed; the message is written for the client (it names the cover_art_url). */
export class GuardedFetchError extends Error {
  override name = 'GuardedFetchError';
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MEGABYTE = 1024 * 1024;

const checkedUrl = (text: string): URL => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new GuardedFetchError(Messages.coverArtInvalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GuardedFetchError(Messages.coverArtInvalidUrl);
  return url;
};

const describeFailure = (error: unknown, guards: FetchGuards): GuardedFetchError => {
  if (error instanceof GuardedFetchError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === REFUSED_ADDRESS_CODE) return new GuardedFetchError(Messages.coverArtPrivateAddress);
  if (code === 'ETIMEDOUT' || (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') {
    return new GuardedFetchError(Messages.coverArtTimeout(guards.timeoutMs / 1000));
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new GuardedFetchError(Messages.coverArtUnreachable('the host name does not resolve'));
  if (code === 'ECONNREFUSED') return new GuardedFetchError(Messages.coverArtUnreachable('the connection was refused'));
  return new GuardedFetchError(Messages.coverArtUnreachable(typeof code === 'string' ? `network error ${code}` : 'network error'));
};

/** The body, counted as it arrives (a missing or lying Content-Length changes nothing). */
const readCapped = async (request: Request, maxBytes: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      request.destroy();
      throw new GuardedFetchError(Messages.coverArtTooLarge(maxBytes / MEGABYTE));
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

/**
 * GETs a client-named URL under the outbound guards: http(s) only, every hop's address checked
 * (literal, resolved and actually connected), at most `maxRedirects` redirects, at most `maxBytes`
 * of body, `timeoutMs` in all. No retries, no cookies, no keep-alive sockets shared between fetches.
 */
export const fetchGuarded = async (sourceUrl: string, guards: FetchGuards): Promise<Buffer> => {
  const deadline = Date.now() + guards.timeoutMs;
  const agents = oneShotAgents();
  let url = checkedUrl(sourceUrl);
  try {
    for (let redirects = 0; ; redirects++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new GuardedFetchError(Messages.coverArtTimeout(guards.timeoutMs / 1000));
      const { request, response } = await guardedRequest(url, {
        method: 'GET',
        agents,
        isAllowedAddress: guards.isAllowedAddress,
        timeoutMs: remaining,
        headers: { accept: 'image/jpeg, image/png, image/webp, image/tiff;q=0.9, */*;q=0.1', 'user-agent': 'sv-catalogue/cover-art' },
      });
      try {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          if (redirects >= guards.maxRedirects) throw new GuardedFetchError(Messages.coverArtTooManyRedirects(guards.maxRedirects));
          url = checkedUrl(new URL(location, url).href);
          continue;
        }
        if (status < 200 || status > 299) throw new GuardedFetchError(Messages.coverArtHttpStatus(status));
        if (Number(response.headers['content-length'] ?? 0) > guards.maxBytes) {
          throw new GuardedFetchError(Messages.coverArtTooLarge(guards.maxBytes / MEGABYTE));
        }
        return await readCapped(request, guards.maxBytes);
      } finally {
        request.destroy();
      }
    }
  } catch (error) {
    throw describeFailure(error, guards);
  } finally {
    agents.destroy();
  }
};
