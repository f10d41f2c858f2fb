import type { Request } from 'got';
import { REFUSED_ADDRESS_CODE, guardedRequest, isPublicAddress, oneShotAgents } from '@sv/platform';

/** What one POST to a receiver came to. statusCode is undefined when no response arrived. */
export interface SendOutcome {
  statusCode: number | undefined;
  retryAfter: string | undefined;
  /** The first bytes of the response body, as text. */
  excerpt: string | undefined;
  error: string | undefined;
  durationMs: number;
  /** The target resolved to an address the outbound policy refuses: nothing was sent, and never will be. */
  refusedAddress?: boolean;
}

export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** Posts one delivery; never throws (a failure is an outcome). */
export type DeliverySender = (request: SendRequest) => Promise<SendOutcome>;

export interface SenderOptions {
  timeoutMs: number;
  /** Local development and tests: private and loopback targets allowed. */
  allowPrivateUrls: boolean;
  userAgent: string;
  excerptBytes: number;
}

const ERROR_LIMIT = 500;

/** The first `limit` bytes of the body; the rest is not read. */
const readExcerpt = async (request: Request, limit: number): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
};

const describeError = (error: unknown, timeoutMs: number): string => {
  const code = (error as { code?: unknown }).code;
  const name = (error as Error).name;
  let text: string;
  if (code === REFUSED_ADDRESS_CODE) text = 'The target resolves to a refused (non-public) address.';
  else if (code === 'ETIMEDOUT' || name === 'TimeoutError') text = `No response within ${timeoutMs} ms.`;
  else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') text = 'The host name does not resolve.';
  else if (code === 'ECONNREFUSED') text = 'The connection was refused.';
  else text = `${typeof code === 'string' ? `${code}: ` : ''}${(error as Error).message ?? String(error)}`;
  return text.slice(0, ERROR_LIMIT);
};

/**
 * POSTs with got under the outbound address policy (checked on lookup and on the connected
 * socket, unless private targets are allowed), no redirects followed (a 3xx is a failure), no
 * retries of its own, one timeout for the whole attempt, and no sockets kept between attempts.
 */
export const httpSender =
  (options: SenderOptions): DeliverySender =>
  async ({ url, body, headers }) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const agents = oneShotAgents();
    try {
      const { request, response } = await guardedRequest(new URL(url), {
        method: 'POST',
        agents,
        body,
        headers: { ...headers, 'user-agent': options.userAgent },
        isAllowedAddress: options.allowPrivateUrls ? undefined : isPublicAddress,
        timeoutMs: options.timeoutMs,
      });
      try {
        const statusCode = response.statusCode ?? 0;
        const retryAfter = response.headers['retry-after'];
        let excerpt: string | undefined;
        let error: string | undefined;
        try {
          excerpt = await readExcerpt(request, options.excerptBytes);
        } catch (readError) {
          error = describeError(readError, options.timeoutMs);
        }
        if (error === undefined && (statusCode < 200 || statusCode > 299)) error = `The receiver answered HTTP ${statusCode}.`;
        return { statusCode, retryAfter, excerpt, error, durationMs: elapsed() };
      } finally {
        request.destroy();
      }
    } catch (error) {
      const refusedAddress = (error as { code?: unknown }).code === REFUSED_ADDRESS_CODE;
      return { statusCode: undefined, retryAfter: undefined, excerpt: undefined, error: describeError(error, options.timeoutMs), durationMs: elapsed(), refusedAddress };
    } finally {
      agents.destroy();
    }
  };
