import { Messages } from '@sv/contracts';
import { DownloadFailure, downloadGuardedBuffer } from '@sv/platform';

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

const MEGABYTE = 1024 * 1024;

/** The kit's failure, in the words of the cover_art_url field. */
const describeFailure = (failure: DownloadFailure, guards: FetchGuards): GuardedFetchError => {
  switch (failure.reason) {
    case 'invalid_url':
      return new GuardedFetchError(Messages.coverArtInvalidUrl);
    case 'refused_address':
      return new GuardedFetchError(Messages.coverArtPrivateAddress);
    case 'timeout':
      return new GuardedFetchError(Messages.coverArtTimeout(guards.timeoutMs / 1000));
    case 'unresolvable':
      return new GuardedFetchError(Messages.coverArtUnreachable('the host name does not resolve'));
    case 'connection_refused':
      return new GuardedFetchError(Messages.coverArtUnreachable('the connection was refused'));
    case 'too_many_redirects':
      return new GuardedFetchError(Messages.coverArtTooManyRedirects(guards.maxRedirects));
    case 'http_status':
      return new GuardedFetchError(Messages.coverArtHttpStatus(Number(failure.detail)));
    case 'too_large':
      return new GuardedFetchError(Messages.coverArtTooLarge(guards.maxBytes / MEGABYTE));
    case 'network':
      return new GuardedFetchError(Messages.coverArtUnreachable(failure.detail ? `network error ${failure.detail}` : 'network error'));
  }
};

/**
 * GETs a client-named cover URL under the kit's outbound guards (http(s) only, every hop's address
 * checked, bounded redirects, size and time) and answers its bytes, or a GuardedFetchError worded
 * for the client.
 */
export const fetchGuarded = async (sourceUrl: string, guards: FetchGuards): Promise<Buffer> => {
  try {
    return await downloadGuardedBuffer(sourceUrl, {
      ...guards,
      accept: 'image/jpeg, image/png, image/webp, image/tiff;q=0.9, */*;q=0.1',
      userAgent: 'sv-catalogue/cover-art',
    });
  } catch (error) {
    if (error instanceof DownloadFailure) throw describeFailure(error, guards);
    throw error;
  }
};
