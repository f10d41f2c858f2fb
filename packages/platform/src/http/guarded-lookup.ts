import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

/** The error code a guarded lookup fails with when a name resolves to a refused address. */
export const REFUSED_ADDRESS_CODE = 'ESV_ADDRESS_REFUSED';

/**
 * Resolves like dns.lookup, but fails unless every address of the name is allowed: a socket using
 * it (got's `dnsLookup`, an Agent's `lookup`) can then only connect to a checked address, and a
 * name that resolves differently on a second lookup (DNS rebinding) is checked again on that lookup.
 * IP literals are never looked up, so callers check those themselves (see literalAddressOf).
 */
export const guardedLookup =
  (isAllowedAddress: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || addresses.some((entry) => !isAllowedAddress(entry.address))) {
        const refused = Object.assign(new Error(`${hostname} resolves to a refused address`), { code: REFUSED_ADDRESS_CODE });
        return callback(refused, '', 0);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
