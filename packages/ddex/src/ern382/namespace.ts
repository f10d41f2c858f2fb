import type { ErnParty } from '../ern/build-input.ts';

/**
 * The Namespace attribute for the platform's own identifiers and user-defined values. DDEX's
 * own ERN 3 sample messages write a DDEX Party ID used as a namespace with a `DPID:` prefix;
 * its ERN 4 samples write the bare ID, as the 4.x builders do.
 */
export const senderNamespace = (sender: ErnParty): string => `DPID:${sender.party_id}`;
