import { Resolver } from 'node:dns/promises';

/** Proof that whoever runs a domain's DNS lets a tenant use it. */
export interface DomainProof {
  /** True when the domain's verification record holds the tenant's token. */
  isPublished(domain: string, token: string): Promise<boolean>;
}

/** Where the proof is published: a TXT record beside the domain, not on it (it may hold other TXT). */
export const verificationRecordName = (domain: string): string => `_sv-verification.${domain}`;
export const verificationRecordValue = (token: string): string => `sv-verification=${token}`;

/** Per try; a claim that cannot be looked up stays pending rather than holding the request. */
const LOOKUP_TIMEOUT_MS = 3_000;
const LOOKUP_TRIES = 2;

/** Looks the TXT record up through `resolvers` (`host:port`; empty: the system's resolvers). */
export const dnsDomainProof = (resolvers: readonly string[]): DomainProof => {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: LOOKUP_TRIES });
  if (resolvers.length > 0) resolver.setServers([...resolvers]);
  return {
    async isPublished(domain, token) {
      const expected = verificationRecordValue(token);
      try {
        const records = await resolver.resolveTxt(verificationRecordName(domain));
        // A long TXT value arrives split into strings of at most 255 bytes: together they are one value.
        return records.some((strings) => strings.join('') === expected);
      } catch {
        // No such record, no answer or no resolver: not proven (yet). The claim stays pending.
        return false;
      }
    },
  };
};
