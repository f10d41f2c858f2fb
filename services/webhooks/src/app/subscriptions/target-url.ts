import { lookup } from 'node:dns/promises';
import { isPublicAddress, literalAddressOf } from '@sv/platform';

/**
 * Where deliveries may go. https only, and the host must resolve to public addresses only (no
 * loopback, private, link-local…), unless private targets are allowed by config
 * (SV_ALLOW_PRIVATE_URLS=1, local development and tests), which also allows plain http.
 * Returns the problem with the URL, or undefined when it is acceptable.
 */
export const targetUrlProblem = async (
  raw: string,
  allowPrivateUrls: boolean,
  resolve: (host: string) => Promise<string[]> = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address),
): Promise<string | undefined> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The url must be an absolute https:// URL.';
  }
  const allowedProtocols = allowPrivateUrls ? ['https:', 'http:'] : ['https:'];
  if (!allowedProtocols.includes(url.protocol)) return 'The url must use https.';
  if (url.username || url.password) return 'The url must not carry credentials.';
  if (allowPrivateUrls) return undefined;
  const literal = literalAddressOf(url);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    try {
      addresses = await resolve(url.hostname);
    } catch {
      return 'The url host could not be resolved.';
    }
  }
  if (addresses.length === 0) return 'The url host could not be resolved.';
  if (!addresses.every(isPublicAddress)) return 'The url must point to a public internet address (no loopback, private or link-local targets).';
  return undefined;
};
